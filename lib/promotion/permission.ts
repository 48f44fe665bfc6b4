// Who may promote: view the project, view the source environment, and change feature states
// in the target; parts that write segment overrides also need MANAGE_SEGMENT_OVERRIDES there,
// as writing an override directly does. Environments named in the body answer 403 when not
// visible (Flagsmith's way for body ids); an environment of another project is the body's 400.
import type { PermissionRule } from "@/lib/permissions/rule";
import { FEATURE_STATE_KEYS } from "@/lib/permissions/scope";

type Ctx = {
  params: { projectId: number };
  body: { source_environment?: unknown; target_environment?: unknown; parts?: unknown };
};

const bodyId = (value: unknown) => (typeof value === "number" ? value : null);

const writesOverrides = (parts: unknown) =>
  Array.isArray(parts) && parts.some((p) => (p as { part?: unknown } | null)?.part === "segment_override");

const targetRule = (target: "VIEW_ENVIRONMENT" | "UPDATE_FEATURE_STATE"): PermissionRule<Ctx> =>
  target === "VIEW_ENVIRONMENT"
    ? { environment: target, of: (c) => bodyId(c.body?.target_environment), hidden: 403 }
    : {
        environment: target,
        of: (c) => bodyId(c.body?.target_environment),
        hidden: 403,
        and: {
          environment: FEATURE_STATE_KEYS,
          of: (c) => {
            const scope = bodyId(c.body?.target_environment);
            if (scope === null) return null;
            return {
              scope,
              key: writesOverrides(c.body?.parts) ? "MANAGE_SEGMENT_OVERRIDES" : "UPDATE_FEATURE_STATE",
            };
          },
          hidden: 403,
        },
      };

export const promotionPermission = (
  target: "VIEW_ENVIRONMENT" | "UPDATE_FEATURE_STATE",
): PermissionRule<Ctx> => ({
  project: "VIEW_PROJECT",
  of: (c) => c.params.projectId,
  and: {
    environment: "VIEW_ENVIRONMENT",
    of: (c) => bodyId(c.body?.source_environment),
    hidden: 403,
    and: targetRule(target),
  },
});
