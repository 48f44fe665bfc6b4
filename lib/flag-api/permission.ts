// Who may write a flag through the one-call API, as Flagsmith decides it: the environment
// default asks UPDATE_FEATURE_STATE, the segment overrides MANAGE_SEGMENT_OVERRIDES, and a
// request that writes both asks both.
import type { PermissionRule } from "@/lib/permissions/rule";
import type { EnvironmentPermissionKey } from "@/lib/permissions/keys";

type Ctx = { params: { environmentKey: string }; body: unknown };

const KEYS = [
  "UPDATE_FEATURE_STATE",
  "MANAGE_SEGMENT_OVERRIDES",
] as const satisfies EnvironmentPermissionKey[];

const sends = (body: unknown, part: string) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && part in body;

export const flagWriteRule: PermissionRule<Ctx> = {
  environment: KEYS,
  of: (c) => ({
    scope: c.params.environmentKey,
    key:
      sends(c.body, "segment_overrides") && !sends(c.body, "environment_default")
        ? "MANAGE_SEGMENT_OVERRIDES"
        : "UPDATE_FEATURE_STATE",
  }),
  and: {
    environment: KEYS,
    of: (c) =>
      sends(c.body, "segment_overrides") && sends(c.body, "environment_default")
        ? { scope: c.params.environmentKey, key: "MANAGE_SEGMENT_OVERRIDES" }
        : null,
  },
};
