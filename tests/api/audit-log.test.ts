// The audit log over HTTP. The first suite is generated from the route table: it finds every
// write method of the administrative API (POST/PUT/PATCH/DELETE behind an account) and
// requires a recipe for it, so a new write route without one fails here. Each recipe makes
// one real change; the route must leave exactly one entry, with the right type and diff.
import { describe, expect, it } from "vitest";
import { loadRouteTable } from "@/scripts/route-table";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember } from "../support/members";

type Change = { field: string; old: unknown; new: unknown };
type Expected = {
  type: string;
  change_type: "CREATE" | "UPDATE" | "DELETE";
  /** Changes that must be among the entry's change details. */
  changes: Change[];
  /** Whether the entry names the seeded environment (default: when the route is under one),
   * or what it names instead. */
  environment?: boolean | Record<string, unknown>;
};
type Request = { path: string; body?: unknown; expected: Expected };
type Recipe = (s: Seeded, method: string) => Promise<Request>;

// ---- finding the write routes ---------------------------------------------------------

/** Account routes change the caller's own session or profile, not the organisation's data. */
const NOT_AUDITED = new Set([
  // Start a background run against a Flagsmith source (none is reachable in this walk). The
  // import run records "Import from Flagsmith started/completed" itself (lib/migration/run-import.ts);
  // a verification only reads both sides and keeps its report.
  "POST /api/v1/organisations/{organisationId}/flagsmith-import/",
  "POST /api/v1/organisations/{organisationId}/flagsmith-verify/",
  "POST /api/v1/auth/logout/",
  "POST /api/v1/auth/token/",
  "DELETE /api/v1/auth/token/",
  "PATCH /api/v1/auth/users/me/",
  "POST /api/v1/auth/users/set_password/",
  // Evaluates flags for an identifier and explains them; writes nothing.
  "POST /api/v1/environments/{apiKey}/evaluate/",
  // Sends a sample payload; changes nothing.
  "POST /api/v1/webhooks/test/",
  // Compares two environments; writes nothing.
  "POST /api/v1/projects/{projectId}/promotions/preview/",
  // Evaluates a proposed change over the stored identities; writes nothing.
  "POST /api/v1/environments/{apiKey}/impact/",
  // Joining shows the joiner the organisation's whole log, so the one-new-entry count cannot
  // hold; tests/api/invitations.test.ts checks the entry a join leaves.
  "POST /api/v1/users/join/{hash}/",
  "POST /api/v1/users/join/link/{hash}/",
  // A multipart upload that writes one entry per feature it creates or changes, and one for
  // the import; tests/api/feature-export-import.test.ts checks them.
  "POST /api/v1/features/feature-import/{environmentId}/",
  // A dump import writes one entry per object it creates and one for the import
  // ("Flagsmith organisation dump imported"); tests/api/flagsmith-dump.test.ts checks it.
  "POST /api/v1/organisations/{organisationId}/flagsmith-import/dump/",
  // A commit leaves the request's entry and one per state or segment it changes (Flagsmith's
  // log too); tests/api/change-requests.test.ts checks them. A comment changes nothing.
  "POST /api/v1/features/workflows/change-requests/{changeRequestId}/commit/",
  "POST /api/v1/projects/{projectId}/change-requests/{projectChangeRequestId}/commit/",
  "POST /api/v1/features/workflows/change-requests/{changeRequestId}/comments/",
  "POST /api/v1/projects/{projectId}/change-requests/{projectChangeRequestId}/comments/",
]);

/** "METHOD /api/v1/…/{param}/" of every method whose handler authenticates an account. */
async function writeRoutes(): Promise<string[]> {
  const routes: string[] = [];
  for (const route of await loadRouteTable()) {
    if (!route.path.startsWith("/api/v1/")) continue;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      if (route.handlers[method]?.apiOptions?.auth === "user") routes.push(`${method} ${route.path}`);
    }
  }
  return routes.filter((route) => !NOT_AUDITED.has(route)).sort();
}

// ---- fixtures, made through the API ---------------------------------------------------

const rules = (plan: string) => [
  {
    type: "ALL",
    rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: plan }] }],
  },
];

async function ok(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture failed: ${r.status} ${r.text}`);
  return r.body;
}

const feature = (s: Seeded, body: Record<string, unknown> = {}) =>
  ok(
    call(`/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: unique("f"), ...body },
    }),
  );
const segment = (s: Seeded, name = unique("seg")) =>
  ok(
    call(`/api/v1/projects/${s.projectId}/segments/`, {
      token: s.token,
      body: { name, rules: rules("pro") },
    }),
  );
const identity = (s: Seeded, identifier = unique("id")) =>
  ok(call(`/api/v1/environments/${s.envKey}/identities/`, { token: s.token, body: { identifier } }));
const edgeIdentity = (s: Seeded) =>
  ok(
    call(`/api/v1/environments/${s.envKey}/edge-identities/`, {
      token: s.token,
      body: { identifier: unique("e") },
    }),
  );
const featureSegment = async (s: Seeded, featureId: number) =>
  ok(
    call("/api/v1/features/feature-segments/", {
      token: s.token,
      body: { feature: featureId, segment: (await segment(s)).id, environment: s.environmentId },
    }),
  );
const defaultState = async (s: Seeded, name: string) =>
  (await ok(call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${name}`, { token: s.token })))
    .results[0];

const change = (field: string, old: unknown, next: unknown): Change => ({ field, old, new: next });
const writeMethod = (method: string) => (method === "DELETE" ? "DELETE" : "UPDATE");

// ---- one recipe per write route -------------------------------------------------------

const RECIPES: Record<string, Recipe> = {
  "POST /api/v1/features/create-feature-export/": async (s) => ({
    path: "/api/v1/features/create-feature-export/",
    body: { environment_id: s.environmentId, tag_ids: [] },
    expected: {
      type: "ENVIRONMENT",
      change_type: "UPDATE",
      changes: [change("feature_export", null, expect.any(Number))],
    },
  }),
  "POST /api/v1/organisations/": async () => {
    const name = unique("org");
    return {
      path: "/api/v1/organisations/",
      body: { name },
      expected: { type: "ORGANISATION", change_type: "CREATE", changes: [change("name", null, name)] },
    };
  },
  "PUT /api/v1/organisations/{organisationId}/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/`,
    body: { name: "Renamed org" },
    expected: {
      type: "ORGANISATION",
      change_type: "UPDATE",
      changes: [change("name", expect.any(String), "Renamed org")],
    },
  }),
  "DELETE /api/v1/organisations/{organisationId}/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/`,
    expected: {
      type: "ORGANISATION",
      change_type: "DELETE",
      changes: [change("name", expect.any(String), null)],
    },
  }),
  "POST /api/v1/projects/": async (s) => ({
    path: "/api/v1/projects/",
    body: { name: "Second project", organisation: s.organisationId },
    expected: { type: "PROJECT", change_type: "CREATE", changes: [change("name", null, "Second project")] },
  }),
  "PUT /api/v1/projects/{projectId}/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/`,
    body: { hide_disabled_flags: true },
    expected: {
      type: "PROJECT",
      change_type: "UPDATE",
      changes: [change("hide_disabled_flags", false, true)],
    },
  }),
  "DELETE /api/v1/projects/{projectId}/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/`,
    expected: { type: "PROJECT", change_type: "DELETE", changes: [change("name", expect.any(String), null)] },
  }),
  "POST /api/v1/environments/": async (s) => ({
    path: "/api/v1/environments/",
    body: { name: "Staging", project: s.projectId },
    expected: {
      type: "ENVIRONMENT",
      change_type: "CREATE",
      changes: [change("name", null, "Staging")],
      environment: { name: "Staging" },
    },
  }),
  "POST /api/v1/environments/{apiKey}/clone/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/clone/`,
    body: { name: "Cloned" },
    expected: {
      type: "ENVIRONMENT",
      change_type: "CREATE",
      changes: [change("name", null, "Cloned")],
      environment: { name: "Cloned" },
    },
  }),
  "PUT /api/v1/environments/{apiKey}/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/`,
    body: { name: "Production" },
    expected: {
      type: "ENVIRONMENT",
      change_type: "UPDATE",
      changes: [change("name", "Development", "Production")],
    },
  }),
  "DELETE /api/v1/environments/{apiKey}/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/`,
    // The environment is gone, so the entry shows none.
    expected: {
      type: "ENVIRONMENT",
      change_type: "DELETE",
      changes: [change("name", "Development", null)],
      environment: false,
    },
  }),
  "POST /api/v1/environments/{apiKey}/api-keys/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/api-keys/`,
    body: { name: "backend" },
    expected: { type: "SERVER_API_KEY", change_type: "CREATE", changes: [change("name", null, "backend")] },
  }),
  "PUT /api/v1/environments/{apiKey}/api-keys/{keyId}/": async (s) => {
    const key = await ok(
      call(`/api/v1/environments/${s.envKey}/api-keys/`, { token: s.token, body: { name: "k" } }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/api-keys/${key.id}/`,
      body: { active: false },
      expected: { type: "SERVER_API_KEY", change_type: "UPDATE", changes: [change("active", true, false)] },
    };
  },
  "DELETE /api/v1/environments/{apiKey}/api-keys/{keyId}/": async (s) => {
    const key = await ok(
      call(`/api/v1/environments/${s.envKey}/api-keys/`, { token: s.token, body: { name: "k" } }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/api-keys/${key.id}/`,
      expected: { type: "SERVER_API_KEY", change_type: "DELETE", changes: [change("name", "k", null)] },
    };
  },
  "POST /api/v1/projects/{projectId}/features/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/features/`,
    body: { name: "checkout", default_enabled: true },
    expected: {
      type: "FEATURE",
      change_type: "CREATE",
      changes: [change("name", null, "checkout"), change("default_enabled", null, true)],
      environment: false,
    },
  }),
  "PUT /api/v1/projects/{projectId}/features/{featureId}/": async (s) => {
    const f = await feature(s, { description: "old" });
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/`,
      body: { description: "new" },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("description", "old", "new")],
        environment: false,
      },
    };
  },
  "DELETE /api/v1/projects/{projectId}/features/{featureId}/": async (s) => {
    const f = await feature(s);
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/`,
      expected: {
        type: "FEATURE",
        change_type: "DELETE",
        changes: [change("name", f.name, null)],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/features/{featureId}/mv-options/": async (s) => {
    const f = await feature(s);
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/mv-options/`,
      body: { type: "unicode", string_value: "blue", default_percentage_allocation: 30 },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [
          change("type", "STANDARD", "MULTIVARIATE"),
          change(
            "multivariate_options",
            [],
            [expect.objectContaining({ value: "blue", default_percentage_allocation: 30 })],
          ),
        ],
        environment: false,
      },
    };
  },
  "PUT /api/v1/projects/{projectId}/features/{featureId}/mv-options/{optionId}/": async (s) => {
    const f = await feature(s, {
      multivariate_options: [{ type: "unicode", string_value: "a", default_percentage_allocation: 10 }],
    });
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/mv-options/${f.multivariate_options[0].id}/`,
      body: { type: "unicode", string_value: "a", default_percentage_allocation: 40 },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [
          change(
            "multivariate_options",
            [expect.objectContaining({ default_percentage_allocation: 10 })],
            [expect.objectContaining({ default_percentage_allocation: 40 })],
          ),
        ],
        environment: false,
      },
    };
  },
  "DELETE /api/v1/projects/{projectId}/features/{featureId}/mv-options/{optionId}/": async (s) => {
    const f = await feature(s, {
      multivariate_options: [{ type: "unicode", string_value: "a", default_percentage_allocation: 10 }],
    });
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/mv-options/${f.multivariate_options[0].id}/`,
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("multivariate_options", [expect.objectContaining({ value: "a" })], [])],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/code-references/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/code-references/`,
    body: { repository_url: "https://github.com/acme/app", revision: "r1", code_references: [] },
    expected: {
      type: "VCS_REPOSITORY",
      change_type: "CREATE",
      changes: [change("repository_url", null, "https://github.com/acme/app")],
      environment: false,
    },
  }),
  "POST /api/v1/projects/{projectId}/tags/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/tags/`,
    body: { label: "beta" },
    expected: {
      type: "TAG",
      change_type: "CREATE",
      changes: [change("label", null, "beta")],
      environment: false,
    },
  }),
  "PUT /api/v1/projects/{projectId}/tags/{tagId}/": async (s, method) => {
    const tag = await ok(
      call(`/api/v1/projects/${s.projectId}/tags/`, { token: s.token, body: { label: "old" } }),
    );
    return {
      path: `/api/v1/projects/${s.projectId}/tags/${tag.id}/`,
      body: { label: "new" },
      expected: {
        type: "TAG",
        change_type: writeMethod(method),
        changes: [change("label", "old", method === "DELETE" ? null : "new")],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/features/{featureId}/add-owners/": async (s) => {
    const f = await feature(s);
    const owner = f.owners[0].id;
    const featurePath = `/api/v1/projects/${s.projectId}/features/${f.id}/`;
    await ok(call(`${featurePath}remove-owners/`, { token: s.token, body: { user_ids: [owner] } }));
    return {
      path: `${featurePath}add-owners/`,
      body: { user_ids: [owner] },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("owners", [], [owner])],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/features/{featureId}/remove-owners/": async (s) => {
    const f = await feature(s);
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/remove-owners/`,
      body: { user_ids: [f.owners[0].id] },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("owners", [f.owners[0].id], [])],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/features/{featureId}/add-group-owners/": async (s) => {
    const f = await feature(s);
    const group = await ok(
      call(`/api/v1/organisations/${s.organisationId}/groups/`, {
        token: s.token,
        body: { name: unique("g") },
      }),
    );
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/add-group-owners/`,
      body: { group_ids: [group.id] },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("group_owners", [], [group.id])],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/features/{featureId}/remove-group-owners/": async (s) => {
    const group = await ok(
      call(`/api/v1/organisations/${s.organisationId}/groups/`, {
        token: s.token,
        body: { name: unique("g") },
      }),
    );
    const f = await feature(s, { group_owners: [group.id] });
    return {
      path: `/api/v1/projects/${s.projectId}/features/${f.id}/remove-group-owners/`,
      body: { group_ids: [group.id] },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("group_owners", [group.id], [])],
        environment: false,
      },
    };
  },
  "POST /api/v1/projects/{projectId}/segments/": async (s) => ({
    path: `/api/v1/projects/${s.projectId}/segments/`,
    body: { name: "pro users", rules: rules("pro") },
    expected: {
      type: "SEGMENT",
      change_type: "CREATE",
      changes: [change("name", null, "pro users")],
      environment: false,
    },
  }),
  "POST /api/v1/projects/{projectId}/segments/{segmentId}/versions/{segmentVersionId}/restore/": async (
    s,
  ) => {
    const seg = await segment(s);
    await ok(
      call(`/api/v1/projects/${s.projectId}/segments/${seg.id}/`, {
        token: s.token,
        method: "PUT",
        body: { name: seg.name, rules: rules("enterprise") },
      }),
    );
    const versions = await ok(
      call(`/api/v1/projects/${s.projectId}/segments/${seg.id}/versions/`, { token: s.token }),
    );
    return {
      path: `/api/v1/projects/${s.projectId}/segments/${seg.id}/versions/${versions.results[0].id}/restore/`,
      expected: {
        type: "SEGMENT",
        change_type: "UPDATE",
        changes: [
          change(
            "rules",
            [
              expect.objectContaining({
                rules: [
                  expect.objectContaining({ conditions: [expect.objectContaining({ value: "enterprise" })] }),
                ],
              }),
            ],
            [
              expect.objectContaining({
                rules: [expect.objectContaining({ conditions: [expect.objectContaining({ value: "pro" })] })],
              }),
            ],
          ),
        ],
        environment: false,
      },
    };
  },
  "PUT /api/v1/projects/{projectId}/segments/{segmentId}/": async (s) => {
    const seg = await segment(s);
    return {
      path: `/api/v1/projects/${s.projectId}/segments/${seg.id}/`,
      body: { name: seg.name, rules: rules("enterprise") },
      expected: {
        type: "SEGMENT",
        change_type: "UPDATE",
        changes: [
          change(
            "rules",
            [
              expect.objectContaining({
                rules: [expect.objectContaining({ conditions: [expect.objectContaining({ value: "pro" })] })],
              }),
            ],
            [
              expect.objectContaining({
                rules: [
                  expect.objectContaining({ conditions: [expect.objectContaining({ value: "enterprise" })] }),
                ],
              }),
            ],
          ),
        ],
        environment: false,
      },
    };
  },
  "PATCH /api/v1/projects/{projectId}/segments/{segmentId}/": async (s) => {
    const seg = await segment(s);
    return {
      path: `/api/v1/projects/${s.projectId}/segments/${seg.id}/`,
      body: { description: "paying" },
      expected: {
        type: "SEGMENT",
        change_type: "UPDATE",
        changes: [change("description", null, "paying")],
        environment: false,
      },
    };
  },
  "DELETE /api/v1/projects/{projectId}/segments/{segmentId}/": async (s) => {
    const seg = await segment(s);
    return {
      path: `/api/v1/projects/${s.projectId}/segments/${seg.id}/`,
      expected: {
        type: "SEGMENT",
        change_type: "DELETE",
        changes: [change("name", seg.name, null)],
        environment: false,
      },
    };
  },
  "PUT /api/v1/environments/{apiKey}/featurestates/{featureStateId}/": async (s) => {
    const f = await feature(s, { initial_value: "v1" });
    const state = await defaultState(s, f.name);
    return {
      path: `/api/v1/environments/${s.envKey}/featurestates/${state.id}/`,
      body: { enabled: true, feature_state_value: "v2" },
      expected: {
        type: "FEATURE_STATE",
        change_type: "UPDATE",
        changes: [change("enabled", false, true), change("feature_state_value", "v1", "v2")],
      },
    };
  },
  "POST /api/v1/features/featurestates/": async (s) => {
    const f = await feature(s);
    const id = await identity(s);
    return {
      path: "/api/v1/features/featurestates/",
      body: { feature: f.id, environment: s.environmentId, identity: id.id, enabled: true },
      expected: { type: "FEATURE_STATE", change_type: "CREATE", changes: [change("enabled", null, true)] },
    };
  },
  "PUT /api/v1/features/featurestates/{featureStateId}/": async (s) => {
    const f = await feature(s);
    const state = await defaultState(s, f.name);
    return {
      path: `/api/v1/features/featurestates/${state.id}/`,
      body: { feature: f.id, environment: s.environmentId, enabled: true },
      expected: { type: "FEATURE_STATE", change_type: "UPDATE", changes: [change("enabled", false, true)] },
    };
  },
  "PATCH /api/v1/features/featurestates/{featureStateId}/": async (s) => {
    const f = await feature(s);
    const state = await defaultState(s, f.name);
    return {
      path: `/api/v1/features/featurestates/${state.id}/`,
      body: { enabled: true },
      expected: { type: "FEATURE_STATE", change_type: "UPDATE", changes: [change("enabled", false, true)] },
    };
  },
  "DELETE /api/v1/features/featurestates/{featureStateId}/": async (s) => {
    const f = await feature(s);
    const id = await identity(s);
    const state = await ok(
      call("/api/v1/features/featurestates/", {
        token: s.token,
        body: { feature: f.id, environment: s.environmentId, identity: id.id, enabled: true },
      }),
    );
    return {
      path: `/api/v1/features/featurestates/${state.id}/`,
      expected: { type: "FEATURE_STATE", change_type: "DELETE", changes: [change("enabled", true, null)] },
    };
  },
  "POST /api/v1/features/feature-segments/": async (s) => {
    const f = await feature(s);
    const seg = await segment(s);
    return {
      path: "/api/v1/features/feature-segments/",
      body: { feature: f.id, segment: seg.id, environment: s.environmentId },
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("segment_overrides", [], [{ segment: seg.id, priority: 0 }])],
      },
    };
  },
  "DELETE /api/v1/features/feature-segments/{featureSegmentId}/": async (s) => {
    const f = await feature(s);
    const link = await featureSegment(s, f.id);
    return {
      path: `/api/v1/features/feature-segments/${link.id}/`,
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("segment_overrides", [{ segment: link.segment, priority: 0 }], [])],
      },
    };
  },
  "POST /api/v1/features/feature-segments/update-priorities/": async (s) => {
    const f = await feature(s);
    const first = await featureSegment(s, f.id);
    const second = await featureSegment(s, f.id);
    return {
      path: "/api/v1/features/feature-segments/update-priorities/",
      body: [{ id: second.id, priority: 0 }],
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [
          change(
            "segment_overrides",
            [
              { segment: first.segment, priority: 0 },
              { segment: second.segment, priority: 1 },
            ],
            [
              { segment: second.segment, priority: 0 },
              { segment: first.segment, priority: 1 },
            ],
          ),
        ],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/features/{featureId}/create-segment-override/": async (s) => {
    const f = await feature(s);
    const seg = await segment(s);
    return {
      path: `/api/v1/environments/${s.envKey}/features/${f.id}/create-segment-override/`,
      body: {
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "seg" },
        feature_segment: { segment: seg.id },
      },
      expected: {
        type: "FEATURE_STATE",
        change_type: "CREATE",
        changes: [
          change("enabled", null, true),
          change("feature_state_value", null, "seg"),
          change("priority", null, 0),
        ],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/features/{featureId}/versions/{versionUuid}/restore/": async (s) => {
    const f = await feature(s);
    const state = await defaultState(s, f.name);
    await ok(
      call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
        token: s.token,
        method: "PATCH",
        body: { enabled: true },
      }),
    );
    const versions = await ok(
      call(`/api/v1/environments/${s.envKey}/features/${f.id}/versions/`, { token: s.token }),
    );
    const first = versions.results.at(-1);
    const enabled = (on: boolean) =>
      expect.objectContaining({ environment_default: expect.objectContaining({ enabled: on }) });
    return {
      path: `/api/v1/environments/${s.envKey}/features/${f.id}/versions/${first.uuid}/restore/`,
      expected: {
        type: "FEATURE",
        change_type: "UPDATE",
        changes: [change("version", enabled(true), enabled(false))],
      },
    };
  },
  "POST /api/v1/projects/{projectId}/promotions/": async (s) => {
    const f = await feature(s);
    const production = await ok(
      call("/api/v1/environments/", { token: s.token, body: { name: "Production", project: s.projectId } }),
    );
    const state = await defaultState(s, f.name);
    await ok(
      call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
        token: s.token,
        method: "PATCH",
        body: { enabled: true },
      }),
    );
    return {
      path: `/api/v1/projects/${s.projectId}/promotions/`,
      body: {
        source_environment: s.environmentId,
        target_environment: production.id,
        parts: [{ feature: f.id, part: "enabled" }],
      },
      expected: {
        type: "FEATURE_STATE",
        change_type: "UPDATE",
        changes: [change("enabled", false, true)],
        environment: { id: production.id },
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/features/{featureId}/scheduled-changes/": async (s) => {
    const f = await feature(s);
    return {
      path: `/api/v1/environments/${s.envKey}/features/${f.id}/scheduled-changes/`,
      body: { enabled: true, run_at: "2099-01-01T00:00:00Z" },
      expected: { type: "FEATURE_STATE", change_type: "CREATE", changes: [change("enabled", null, true)] },
    };
  },
  "DELETE /api/v1/environments/{apiKey}/features/{featureId}/scheduled-changes/{changeId}/": async (s) => {
    const f = await feature(s);
    const scheduled = await ok(
      call(`/api/v1/environments/${s.envKey}/features/${f.id}/scheduled-changes/`, {
        token: s.token,
        body: { enabled: true, run_at: "2099-01-01T00:00:00Z" },
      }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/features/${f.id}/scheduled-changes/${scheduled.id}/`,
      expected: { type: "FEATURE_STATE", change_type: "DELETE", changes: [change("enabled", true, null)] },
    };
  },
  "POST /api/v1/environments/{apiKey}/identities/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/identities/`,
    body: { identifier: "alice" },
    expected: { type: "IDENTITY", change_type: "CREATE", changes: [change("identifier", null, "alice")] },
  }),
  "PUT /api/v1/environments/{apiKey}/identities/{identityId}/": async (s, method) => {
    const id = await identity(s, "bob");
    return {
      path: `/api/v1/environments/${s.envKey}/identities/${id.id}/`,
      ...(method === "DELETE" ? {} : { body: { identifier: "robert" } }),
      expected: {
        type: "IDENTITY",
        change_type: writeMethod(method),
        changes: [change("identifier", "bob", method === "DELETE" ? null : "robert")],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/identities/{identityId}/traits/": async (s) => {
    const id = await identity(s);
    return {
      path: `/api/v1/environments/${s.envKey}/identities/${id.id}/traits/`,
      body: { trait_key: "plan", trait_value: "pro" },
      expected: {
        type: "IDENTITY",
        change_type: "CREATE",
        changes: [change("trait_key", null, "plan"), change("trait_value", null, "pro")],
      },
    };
  },
  "PUT /api/v1/environments/{apiKey}/identities/{identityId}/traits/{traitId}/": async (s, method) => {
    const id = await identity(s);
    const trait = await ok(
      call(`/api/v1/environments/${s.envKey}/identities/${id.id}/traits/`, {
        token: s.token,
        body: { trait_key: "plan", trait_value: "free" },
      }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/identities/${id.id}/traits/${trait.id}/`,
      ...(method === "DELETE" ? {} : { body: { trait_value: "pro" } }),
      expected: {
        type: "IDENTITY",
        change_type: writeMethod(method),
        changes: [change("trait_value", "free", method === "DELETE" ? null : "pro")],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/identities/{identityId}/featurestates/": async (s) => {
    const f = await feature(s);
    const id = await identity(s);
    return {
      path: `/api/v1/environments/${s.envKey}/identities/${id.id}/featurestates/`,
      body: { feature: f.id, enabled: true, feature_state_value: "mine" },
      expected: {
        type: "FEATURE_STATE",
        change_type: "CREATE",
        changes: [change("enabled", null, true), change("feature_state_value", null, "mine")],
      },
    };
  },
  "PUT /api/v1/environments/{apiKey}/identities/{identityId}/featurestates/{featureStateId}/": async (
    s,
    method,
  ) => {
    const f = await feature(s);
    const id = await identity(s);
    const override = await ok(
      call(`/api/v1/environments/${s.envKey}/identities/${id.id}/featurestates/`, {
        token: s.token,
        body: { feature: f.id, enabled: false, feature_state_value: "a" },
      }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/identities/${id.id}/featurestates/${override.id}/`,
      ...(method === "DELETE" ? {} : { body: { feature: f.id, enabled: true, feature_state_value: "a" } }),
      expected: {
        type: "FEATURE_STATE",
        change_type: writeMethod(method),
        changes: [change("enabled", false, method === "DELETE" ? null : true)],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/edge-identities/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/edge-identities/`,
    body: { identifier: "carol", dashboard_alias: "carol's phone" },
    expected: {
      type: "IDENTITY",
      change_type: "CREATE",
      changes: [change("identifier", null, "carol"), change("dashboard_alias", null, "carol's phone")],
    },
  }),
  "PUT /api/v1/environments/{apiKey}/edge-identities/{identityUuid}/": async (s, method) => {
    const id = await edgeIdentity(s);
    return {
      path: `/api/v1/environments/${s.envKey}/edge-identities/${id.identity_uuid}/`,
      ...(method === "DELETE" ? {} : { body: { dashboard_alias: "alias" } }),
      expected: {
        type: "IDENTITY",
        change_type: writeMethod(method),
        changes:
          method === "DELETE"
            ? [change("identifier", id.identifier, null)]
            : [change("dashboard_alias", null, "alias")],
      },
    };
  },
  "PUT /api/v1/environments/{apiKey}/edge-identities/{identityUuid}/update-traits/": async (s) => {
    const id = await edgeIdentity(s);
    return {
      path: `/api/v1/environments/${s.envKey}/edge-identities/${id.identity_uuid}/update-traits/`,
      body: { trait_key: "age", trait_value: 42 },
      expected: {
        type: "IDENTITY",
        change_type: "CREATE",
        changes: [change("trait_key", null, "age"), change("trait_value", null, 42)],
      },
    };
  },
  "POST /api/v1/environments/{apiKey}/edge-identities/{identityUuid}/edge-featurestates/": async (s) => {
    const f = await feature(s);
    const id = await edgeIdentity(s);
    return {
      path: `/api/v1/environments/${s.envKey}/edge-identities/${id.identity_uuid}/edge-featurestates/`,
      body: { feature: f.id, enabled: true, feature_state_value: 7 },
      expected: {
        type: "FEATURE_STATE",
        change_type: "CREATE",
        changes: [change("enabled", null, true), change("feature_state_value", null, 7)],
      },
    };
  },
  "PUT /api/v1/environments/{apiKey}/edge-identities/{identityUuid}/edge-featurestates/{featurestateUuid}/":
    async (s, method) => {
      const f = await feature(s);
      const id = await edgeIdentity(s);
      const override = await ok(
        call(`/api/v1/environments/${s.envKey}/edge-identities/${id.identity_uuid}/edge-featurestates/`, {
          token: s.token,
          body: { feature: f.id, enabled: false, feature_state_value: "x" },
        }),
      );
      return {
        path: `/api/v1/environments/${s.envKey}/edge-identities/${id.identity_uuid}/edge-featurestates/${override.featurestate_uuid}/`,
        ...(method === "DELETE" ? {} : { body: { feature: f.id, enabled: false, feature_state_value: "y" } }),
        expected: {
          type: "FEATURE_STATE",
          change_type: writeMethod(method),
          changes: [change("feature_state_value", "x", method === "DELETE" ? null : "y")],
        },
      };
    },
  "POST /api/v1/environments/{apiKey}/webhooks/": async (s) => ({
    path: `/api/v1/environments/${s.envKey}/webhooks/`,
    body: { url: "https://example.com/a", secret: "s" },
    expected: {
      type: "WEBHOOK",
      change_type: "CREATE",
      changes: [change("url", null, "https://example.com/a"), change("secret", null, "****")],
    },
  }),
  "PUT /api/v1/environments/{apiKey}/webhooks/{webhookId}/": async (s, method) => {
    const hook = await ok(
      call(`/api/v1/environments/${s.envKey}/webhooks/`, {
        token: s.token,
        body: { url: "https://example.com/a" },
      }),
    );
    return {
      path: `/api/v1/environments/${s.envKey}/webhooks/${hook.id}/`,
      ...(method === "DELETE" ? {} : { body: { enabled: false } }),
      expected: {
        type: "WEBHOOK",
        change_type: writeMethod(method),
        changes: [change("enabled", true, method === "DELETE" ? null : false)],
      },
    };
  },
  "POST /api/v1/organisations/{organisationId}/webhooks/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/webhooks/`,
    body: { url: "https://example.com/o" },
    expected: {
      type: "WEBHOOK",
      change_type: "CREATE",
      changes: [change("url", null, "https://example.com/o")],
    },
  }),
  "PUT /api/v1/organisations/{organisationId}/webhooks/{webhookId}/": async (s, method) => {
    const hook = await ok(
      call(`/api/v1/organisations/${s.organisationId}/webhooks/`, {
        token: s.token,
        body: { url: "https://example.com/o" },
      }),
    );
    return {
      path: `/api/v1/organisations/${s.organisationId}/webhooks/${hook.id}/`,
      ...(method === "DELETE" ? {} : { body: { url: "https://example.com/p" } }),
      expected: {
        type: "WEBHOOK",
        change_type: writeMethod(method),
        changes: [
          change("url", "https://example.com/o", method === "DELETE" ? null : "https://example.com/p"),
        ],
      },
    };
  },
  "POST /api/v1/organisations/{organisationId}/master-api-keys/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/master-api-keys/`,
    body: { name: "terraform" },
    expected: {
      type: "MASTER_API_KEY",
      change_type: "CREATE",
      changes: [change("name", null, "terraform"), change("is_admin", null, true)],
    },
  }),
  "PUT /api/v1/organisations/{organisationId}/master-api-keys/{prefix}/": async (s, method) => {
    const key = await ok(
      call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
        token: s.token,
        body: { name: "terraform" },
      }),
    );
    return {
      path: `/api/v1/organisations/${s.organisationId}/master-api-keys/${key.prefix}/`,
      ...(method === "DELETE" ? {} : { body: { name: "ci" } }),
      expected: {
        type: "MASTER_API_KEY",
        change_type: writeMethod(method),
        changes: [change("name", "terraform", method === "DELETE" ? null : "ci")],
      },
    };
  },
  "POST /api/v1/organisations/{organisationId}/invite/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/invite/`,
    body: { invites: [{ email: "Someone@Example.com", role: "ADMIN" }] },
    expected: {
      type: "INVITE",
      change_type: "CREATE",
      changes: [change("email", null, "someone@example.com"), change("role", null, "ADMIN")],
    },
  }),
  "POST /api/v1/organisations/{organisationId}/invites/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/invites/`,
    body: { email: "One@Example.com", role: "USER", permission_groups: [] },
    expected: {
      type: "INVITE",
      change_type: "CREATE",
      changes: [change("email", null, "one@example.com"), change("role", null, "USER")],
    },
  }),
  "DELETE /api/v1/organisations/{organisationId}/invites/{inviteId}/": async (s) => {
    const [invite] = await ok(
      call(`/api/v1/organisations/${s.organisationId}/invite/`, {
        token: s.token,
        body: { emails: ["gone@example.com"] },
      }),
    );
    return {
      path: `/api/v1/organisations/${s.organisationId}/invites/${invite.id}/`,
      expected: {
        type: "INVITE",
        change_type: "DELETE",
        changes: [change("email", "gone@example.com", null)],
      },
    };
  },
  "POST /api/v1/organisations/{organisationId}/invites/{inviteId}/resend/": async (s) => {
    const [invite] = await ok(
      call(`/api/v1/organisations/${s.organisationId}/invite/`, {
        token: s.token,
        body: { emails: ["again@example.com"] },
      }),
    );
    return {
      path: `/api/v1/organisations/${s.organisationId}/invites/${invite.id}/resend/`,
      expected: {
        type: "INVITE",
        change_type: "UPDATE",
        changes: [change("expires_at", expect.any(String), expect.any(String))],
      },
    };
  },
  "POST /api/v1/organisations/{organisationId}/invite-links/": async (s) => ({
    path: `/api/v1/organisations/${s.organisationId}/invite-links/`,
    body: { role: "ADMIN" },
    expected: { type: "INVITE_LINK", change_type: "CREATE", changes: [change("role", null, "ADMIN")] },
  }),
  "DELETE /api/v1/organisations/{organisationId}/invite-links/{inviteLinkId}/": async (s) => {
    const link = await ok(
      call(`/api/v1/organisations/${s.organisationId}/invite-links/`, { token: s.token, body: {} }),
    );
    return {
      path: `/api/v1/organisations/${s.organisationId}/invite-links/${link.id}/`,
      expected: { type: "INVITE_LINK", change_type: "DELETE", changes: [change("role", "USER", null)] },
    };
  },
  ...memberRecipes(),
  ...grantRecipes(),
  ...changeRequestRecipes(),
};

// ---- change requests (lib/change-requests) ------------------------------------------------

function changeRequestRecipes(): Record<string, Recipe> {
  const envRequest = async (s: Seeded, token = s.token) => {
    const f = await feature(s);
    return ok(
      call(`/api/v1/environments/${s.envKey}/create-change-request/`, {
        token,
        body: { title: unique("cr"), feature_states: [{ feature: f.id, enabled: true }] },
      }),
    );
  };
  const projectRequest = async (s: Seeded, token = s.token) => {
    const seg = await segment(s);
    return ok(
      call(`/api/v1/projects/${s.projectId}/change-requests/`, {
        token,
        body: { title: unique("cr"), segments: [{ id: seg.id, rules: rules("beta") }] },
      }),
    );
  };
  // Reviews: the request is another member's, since nobody reviews their own.
  const byOther = async (s: Seeded, make: typeof envRequest) =>
    make(s, (await addMember(s.organisationId, "ADMIN")).token);
  const envPath = (id: number, action = "") =>
    `/api/v1/features/workflows/change-requests/${id}/${action ? `${action}/` : ""}`;
  const projectPath = (s: Seeded, id: number, action = "") =>
    `/api/v1/projects/${s.projectId}/change-requests/${id}/${action ? `${action}/` : ""}`;
  const edit =
    (make: typeof envRequest, path: (s: Seeded, id: number) => string): Recipe =>
    async (s, method) => {
      const cr = await make(s);
      return {
        path: path(s, cr.id),
        ...(method === "DELETE" ? {} : { body: { title: "Renamed request" } }),
        expected: {
          type: "CHANGE_REQUEST",
          change_type: writeMethod(method),
          changes: [change("title", cr.title, method === "DELETE" ? null : "Renamed request")],
        },
      };
    };
  const review =
    (make: typeof envRequest, path: (s: Seeded, id: number) => string, event: string): Recipe =>
    async (s) => {
      const cr = await byOther(s, make);
      return {
        path: path(s, cr.id),
        body: event === "rejected" ? { comment: "Not yet" } : undefined,
        expected: { type: "CHANGE_REQUEST", change_type: "UPDATE", changes: [change("event", null, event)] },
      };
    };
  return {
    "POST /api/v1/environments/{apiKey}/create-change-request/": async (s) => {
      const f = await feature(s);
      return {
        path: `/api/v1/environments/${s.envKey}/create-change-request/`,
        body: { title: "Turn it on", feature_states: [{ feature: f.id, enabled: true }] },
        expected: {
          type: "CHANGE_REQUEST",
          change_type: "CREATE",
          changes: [change("title", null, "Turn it on")],
        },
      };
    },
    "PUT /api/v1/features/workflows/change-requests/{changeRequestId}/": edit(envRequest, (_s, id) =>
      envPath(id),
    ),
    "POST /api/v1/features/workflows/change-requests/{changeRequestId}/approve/": review(
      envRequest,
      (_s, id) => envPath(id, "approve"),
      "approved",
    ),
    "POST /api/v1/features/workflows/change-requests/{changeRequestId}/reject/": review(
      envRequest,
      (_s, id) => envPath(id, "reject"),
      "rejected",
    ),
    "POST /api/v1/projects/{projectId}/change-requests/": async (s) => {
      const seg = await segment(s);
      return {
        path: `/api/v1/projects/${s.projectId}/change-requests/`,
        body: { title: "Widen", segments: [{ id: seg.id, rules: rules("beta") }] },
        expected: {
          type: "CHANGE_REQUEST",
          change_type: "CREATE",
          changes: [change("title", null, "Widen")],
        },
      };
    },
    "PUT /api/v1/projects/{projectId}/change-requests/{projectChangeRequestId}/": edit(
      projectRequest,
      (s, id) => projectPath(s, id),
    ),
    "POST /api/v1/projects/{projectId}/change-requests/{projectChangeRequestId}/approve/": review(
      projectRequest,
      (s, id) => projectPath(s, id, "approve"),
      "approved",
    ),
    "POST /api/v1/projects/{projectId}/change-requests/{projectChangeRequestId}/reject/": review(
      projectRequest,
      (s, id) => projectPath(s, id, "reject"),
      "rejected",
    ),
  };
}

// ---- members, groups and grants (lib/permissions) -------------------------------------

const group = (s: Seeded, users: number[] = []) =>
  ok(
    call(`/api/v1/organisations/${s.organisationId}/groups/`, {
      token: s.token,
      body: { name: unique("group"), users },
    }),
  );

function memberRecipes(): Record<string, Recipe> {
  const org = (s: Seeded) => `/api/v1/organisations/${s.organisationId}`;
  const any = expect.anything();
  return {
    "POST /api/v1/organisations/{organisationId}/remove-users/": async (s) => {
      const b = await addMember(s.organisationId);
      return {
        path: `${org(s)}/remove-users/`,
        body: [{ id: b.id }],
        expected: { type: "USER", change_type: "DELETE", changes: [change("email", b.email, null)] },
      };
    },
    "POST /api/v1/organisations/{organisationId}/users/{userId}/update-role/": async (s) => {
      const b = await addMember(s.organisationId);
      return {
        path: `${org(s)}/users/${b.id}/update-role/`,
        body: { role: "ADMIN" },
        expected: { type: "USER", change_type: "UPDATE", changes: [change("role", "USER", "ADMIN")] },
      };
    },
    "POST /api/v1/organisations/{organisationId}/groups/": async (s) => ({
      path: `${org(s)}/groups/`,
      body: { name: "Editors" },
      expected: { type: "GROUP", change_type: "CREATE", changes: [change("name", null, "Editors")] },
    }),
    "PUT /api/v1/organisations/{organisationId}/groups/{groupId}/": async (s, method) => {
      const g = await group(s);
      return {
        path: `${org(s)}/groups/${g.id}/`,
        ...(method === "DELETE" ? {} : { body: { name: "Renamed" } }),
        expected: {
          type: "GROUP",
          change_type: writeMethod(method),
          changes: [change("name", g.name, method === "DELETE" ? null : "Renamed")],
        },
      };
    },
    "POST /api/v1/organisations/{organisationId}/groups/{groupId}/add-users/": async (s) => {
      const b = await addMember(s.organisationId);
      const g = await group(s);
      return {
        path: `${org(s)}/groups/${g.id}/add-users/`,
        body: { user_ids: [b.id] },
        expected: { type: "GROUP", change_type: "UPDATE", changes: [change("users", any, any)] },
      };
    },
    "POST /api/v1/organisations/{organisationId}/groups/{groupId}/remove-users/": async (s) => {
      const b = await addMember(s.organisationId);
      const g = await group(s, [b.id]);
      return {
        path: `${org(s)}/groups/${g.id}/remove-users/`,
        body: { user_ids: [b.id] },
        expected: { type: "GROUP", change_type: "UPDATE", changes: [change("users", any, any)] },
      };
    },
    ...Object.fromEntries(
      (["make-admin", "remove-admin"] as const).map((verb) => [
        `POST /api/v1/organisations/{organisationId}/groups/{groupId}/users/{userId}/${verb}/`,
        async (s: Seeded) => {
          const b = await addMember(s.organisationId);
          const g = await group(s, [b.id]);
          if (verb === "remove-admin")
            await ok(
              call(`${org(s)}/groups/${g.id}/users/${b.id}/make-admin/`, { token: s.token, body: {} }),
            );
          const on = verb === "make-admin";
          return {
            path: `${org(s)}/groups/${g.id}/users/${b.id}/${verb}/`,
            body: {},
            expected: { type: "GROUP", change_type: "UPDATE", changes: [change("group_admin", !on, on)] },
          };
        },
      ]),
    ),
  };
}

/** Grants on an organisation, a project and an environment, to a user and to a group. */
function grantRecipes(): Record<string, Recipe> {
  const kinds = [
    {
      base: "/api/v1/organisations/{organisationId}",
      at: (s: Seeded) => `/api/v1/organisations/${s.organisationId}`,
      key: "CREATE_PROJECT",
    },
    {
      base: "/api/v1/projects/{projectId}",
      at: (s: Seeded) => `/api/v1/projects/${s.projectId}`,
      key: "VIEW_PROJECT",
    },
    {
      base: "/api/v1/environments/{apiKey}",
      at: (s: Seeded) => `/api/v1/environments/${s.envKey}`,
      key: "VIEW_ENVIRONMENT",
    },
  ];
  const subjects = [
    {
      segment: "user-permissions",
      field: "user",
      make: async (s: Seeded) => (await addMember(s.organisationId)).id,
    },
    { segment: "user-group-permissions", field: "group", make: async (s: Seeded) => (await group(s)).id },
  ];
  const recipes: Record<string, Recipe> = {};
  for (const kind of kinds)
    for (const subject of subjects) {
      const list = `${kind.base}/${subject.segment}/`;
      recipes[`POST ${list}`] = async (s) => ({
        path: `${kind.at(s)}/${subject.segment}/`,
        body: { [subject.field]: await subject.make(s), permissions: [kind.key] },
        expected: {
          type: "PERMISSION",
          change_type: "CREATE",
          changes: [change("permissions", null, kind.key)],
        },
      });
      recipes[`PUT ${list}{grantId}/`] = async (s, method) => {
        const id = await subject.make(s);
        const grant = await ok(
          call(`${kind.at(s)}/${subject.segment}/`, {
            token: s.token,
            body: { [subject.field]: id, permissions: [] },
          }),
        );
        return {
          path: `${kind.at(s)}/${subject.segment}/${grant.id}/`,
          ...(method === "DELETE" ? {} : { body: { [subject.field]: id, permissions: [kind.key] } }),
          expected: {
            type: "PERMISSION",
            change_type: writeMethod(method),
            changes: [change(subject.field, id, method === "DELETE" ? null : id)]
              .filter(() => method === "DELETE")
              .concat(method === "DELETE" ? [] : [change("permissions", "", kind.key)]),
          },
        };
      };
    }
  return recipes;
}

/** PATCH and DELETE of a resource share its PUT recipe where the change is the same kind. */
function recipeFor(route: string): Recipe | undefined {
  if (RECIPES[route]) return RECIPES[route];
  const [method, template] = route.split(" ");
  const put = RECIPES[`PUT ${template}`];
  if (!put) return undefined;
  if (method === "PATCH") return put;
  if (method === "DELETE") return (s) => put(s, "DELETE");
  return undefined;
}

const auditCount = async (token: string) =>
  (await call("/api/v1/audit/?page_size=1", { token })).body.count as number;

const WRITE_ROUTES = await writeRoutes();

describe("every write route leaves exactly one audit entry with its diff", () => {
  const routes = WRITE_ROUTES;

  it("finds the write routes of the administrative API", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContain("PATCH /api/v1/features/featurestates/{featureStateId}/");
  });

  it.each(routes)("%s", async (route) => {
    const recipe = recipeFor(route);
    expect(recipe, `no audit recipe for ${route}: add one to RECIPES`).toBeDefined();
    const s = await seed();
    const method = route.split(" ")[0];
    const request = await recipe!(s, method);
    const before = await auditCount(s.token);
    const res = await call(request.path, { token: s.token, method, body: request.body });
    expect(res.status, res.text).toBeLessThan(300);
    expect(await auditCount(s.token)).toBe(before + 1);

    const [latest] = (await call("/api/v1/audit/?page_size=1", { token: s.token })).body.results;
    const detail = await call(`/api/v1/audit/${latest.id}/`, { token: s.token });
    expect(detail.status).toBe(200);
    const { expected } = request;
    expect(detail.body).toMatchObject({
      related_object_type: expected.type,
      change_type: expected.change_type,
      author: { email: s.email },
      is_system_event: false,
    });
    expect(detail.body.change_details).toEqual(expect.arrayContaining(expected.changes));
    const [, template] = route.split(" ");
    const expectEnvironment =
      expected.environment ?? (template.includes("{apiKey}") || template.startsWith("/api/v1/features/"));
    if (typeof expectEnvironment === "object")
      expect(detail.body.environment).toMatchObject(expectEnvironment);
    else if (expectEnvironment) expect(detail.body.environment).toMatchObject({ id: s.environmentId });
    else expect(detail.body.environment).toBeNull();
  });
});

describe("audit log endpoints", () => {
  it("lists entries newest first in Flagsmith's shape, and shows one with its change details", async () => {
    const s = await seed();
    const f = await feature(s, { description: "first" });
    await call(`/api/v1/projects/${s.projectId}/features/${f.id}/`, {
      token: s.token,
      method: "PUT",
      body: { description: "second" },
    });
    const list = await call(`/api/v1/projects/${s.projectId}/audit/`, { token: s.token });
    expect(list.status).toBe(200);
    // Project created, environment created, feature created, feature updated.
    expect(list.body.count).toBe(4);
    expect(list.body.next).toBeNull();
    expect(list.body.previous).toBeNull();
    const [latest] = list.body.results;
    expect(latest).toEqual({
      id: expect.any(Number),
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      log: `Flag / Remote Config updated: ${f.name}`,
      author: {
        id: expect.any(Number),
        email: s.email,
        first_name: "",
        last_name: "",
        last_login: null,
        uuid: expect.any(String),
      },
      master_api_key: null,
      environment: null,
      project: expect.objectContaining({ id: s.projectId }),
      related_object_id: f.id,
      related_object_uuid: f.uuid,
      related_object_type: "FEATURE",
      is_system_event: false,
    });
    expect(list.body.results.map((e: { log: string }) => e.log).slice(1)).toEqual([
      `New Flag / Remote Config created: ${f.name}`,
      "New Environment created: Development",
      expect.stringMatching(/^New Project created: /),
    ]);
    const detail = await call(`/api/v1/projects/${s.projectId}/audit/${latest.id}/`, { token: s.token });
    expect(detail.body).toEqual({
      ...latest,
      change_type: "UPDATE",
      change_details: [{ field: "description", old: "first", new: "second" }],
    });
  });

  it("leaves no entry for a write that fails", async () => {
    const s = await seed();
    const f = await feature(s);
    const before = await auditCount(s.token);
    const clash = await call(`/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: f.name },
    });
    expect(clash.status).toBe(400);
    expect(await auditCount(s.token)).toBe(before);
  });

  it("filters by search, environment, project, system events and date", async () => {
    const s = await seed();
    const other = await ok(
      call("/api/v1/environments/", { token: s.token, body: { name: "Other", project: s.projectId } }),
    );
    const f = await feature(s, { initial_value: "a" });
    const state = await defaultState(s, f.name);
    await call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { enabled: true },
    });
    const logs = async (query: string) =>
      (await call(`/api/v1/audit/?${query}`, { token: s.token })).body.results.map(
        (e: { log: string }) => e.log,
      );
    expect(await logs(`search=${encodeURIComponent(f.name.toUpperCase())}`)).toEqual([
      `Flag state / Remote Config value updated for feature: ${f.name}`,
      `New Flag / Remote Config created: ${f.name}`,
    ]);
    expect(await logs(`environments=${s.environmentId}`)).toEqual([
      `Flag state / Remote Config value updated for feature: ${f.name}`,
      "New Environment created: Development",
    ]);
    expect(await logs(`environments=${s.environmentId}&environments=${other.id}`)).toHaveLength(3);
    expect(await logs(`environments=${other.id},${s.environmentId}`)).toHaveLength(3);
    expect(await logs(`project=${s.projectId}&is_system_event=true`)).toEqual([]);
    expect(await logs(`project=${s.projectId}&is_system_event=false`)).toHaveLength(5);
    expect(await logs("created_date_after=2000-01-01T00:00:00Z&created_date_before=2001-01-01")).toEqual([]);
    expect(
      await logs(`created_date_after=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`),
    ).toHaveLength(6);
    const paged = await call("/api/v1/audit/?page_size=2&page=2", { token: s.token });
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.next).toContain("page=3");
  });

  it("answers 400 for bad filters, 401 without a token, 404 outside the caller's scope", async () => {
    const s = await seed();
    const stranger = await seed();
    const bad = await call("/api/v1/audit/?environments=x&is_system_event=maybe", { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      environments: ["A valid integer is required."],
      is_system_event: ["Must be a valid boolean."],
    });
    expect((await call("/api/v1/audit/")).status).toBe(401);
    expect((await call("/api/v1/audit/")).body).toEqual({
      detail: "Authentication credentials were not provided.",
    });
    const notFound = { detail: "Not found." };
    const theirs = await call(`/api/v1/projects/${stranger.projectId}/audit/`, { token: s.token });
    expect([theirs.status, theirs.body]).toEqual([404, notFound]);
    const org = await call(`/api/v1/organisations/${stranger.organisationId}/audit/`, { token: s.token });
    expect([org.status, org.body]).toEqual([404, notFound]);
    const [entry] = (await call("/api/v1/audit/", { token: stranger.token })).body.results;
    const peek = await call(`/api/v1/audit/${entry.id}/`, { token: s.token });
    expect([peek.status, peek.body]).toEqual([404, notFound]);
    // The stranger's entries are not in the caller's list either.
    const mine = await call("/api/v1/audit/", { token: s.token });
    expect(mine.body.results.every((e: { author: { email: string } }) => e.author.email === s.email)).toBe(
      true,
    );
    const own = await call(`/api/v1/organisations/${s.organisationId}/audit/`, { token: s.token });
    expect(own.status).toBe(200);
    expect(own.body.count).toBe(3);
  });

  it("keeps the entry of a deleted organisation readable by its author", async () => {
    const s = await seed();
    await call(`/api/v1/organisations/${s.organisationId}/`, { token: s.token, method: "DELETE" });
    const list = await call("/api/v1/audit/", { token: s.token });
    expect(list.body.results[0]).toMatchObject({
      related_object_type: "ORGANISATION",
      related_object_id: s.organisationId,
      project: null,
      environment: null,
    });
  });
});
