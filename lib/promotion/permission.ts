// Who may promote: view the project, view the source environment, and change feature states
// in the target. Environments named in the body answer 403 when not visible (Flagsmith's way
// for body ids); an environment of another project of the caller's is the body's 400.
import type { PermissionRule } from "@/lib/permissions/rule";

type Ctx = {
  params: { projectId: number };
  body: { source_environment?: unknown; target_environment?: unknown };
};

const bodyId = (value: unknown) => (typeof value === "number" ? value : null);

export const promotionPermission = (
  target: "VIEW_ENVIRONMENT" | "UPDATE_FEATURE_STATE",
): PermissionRule<Ctx> => ({
  project: "VIEW_PROJECT",
  of: (c) => c.params.projectId,
  and: {
    environment: "VIEW_ENVIRONMENT",
    of: (c) => bodyId(c.body?.source_environment),
    hidden: 403,
    and: { environment: target, of: (c) => bodyId(c.body?.target_environment), hidden: 403 },
  },
});
