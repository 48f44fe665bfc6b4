// Read from the route modules: every method of the administrative API declares a
// `permission` (lib/permissions/rule.ts), which withApi registers on the handler it returns
// (`handler.apiOptions`), and a member of the organisation who lacks the key a route names is
// refused with 403 and changes nothing: a member with no grants at all, and, for each key, a
// member holding every other key (and no admin flag).
import { beforeAll, describe, expect, it } from "vitest";
import type { RegisteredOptions } from "@/lib/route/handler";
import type { PermissionRule } from "@/lib/permissions/rule";
import { call } from "../support/api";
import { addMember, type Member } from "../support/members";
import { loadRouteTable } from "@/scripts/route-table";
import { fillPattern, seedTenant, type Tenant } from "../support/routes";
import { mapConcurrent } from "../support/concurrency";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Rule = PermissionRule<never>;
type Declared = {
  method: string;
  template: string;
  /** What withApi registered; undefined when the export is not a withApi handler. */
  options: RegisteredOptions | undefined;
};

async function declarations(): Promise<Declared[]> {
  const out: Declared[] = [];
  for (const route of await loadRouteTable()) {
    if (!route.pattern.startsWith("/api/v1/")) continue;
    for (const method of METHODS) {
      const handler = route.handlers[method];
      if (handler) out.push({ method, template: route.pattern, options: handler.apiOptions });
    }
  }
  return out.sort((a, b) => `${a.template} ${a.method}`.localeCompare(`${b.template} ${b.method}`));
}

type Parsed = { kind: "member" } | { kind: "organisation" | "project" | "environment"; keys: string[] };

/** The kind of object a rule names and the keys it may ask (several when the object decides). */
function parseRule(rule: Rule): Parsed {
  if ("member" in rule) return { kind: "member" };
  const kind = "organisation" in rule ? "organisation" : "project" in rule ? "project" : "environment";
  const key = (rule as unknown as Record<typeof kind, string | readonly string[]>)[kind];
  return { kind, keys: typeof key === "string" ? [key] : [...key] };
}

const ALL_ROUTES = await declarations();
const USER_ROUTES = ALL_ROUTES.filter((r) => r.options?.auth === "user");
const CHECKED = USER_ROUTES.filter(
  (r) => r.options?.permission && parseRule(r.options.permission).kind !== "member",
);
const rule = (r: Declared) => r.options!.permission as Rule;

describe("every administrative route declares its permission", () => {
  it("finds the routes", () => {
    expect(USER_ROUTES.length).toBeGreaterThan(150);
    expect(CHECKED.length).toBeGreaterThan(100);
  });

  it("has every exported method go through withApi", () => {
    expect(ALL_ROUTES.filter((r) => !r.options).map((r) => `${r.method} ${r.template}`)).toEqual([]);
  });

  it("has a `permission` on every method behind an account", () => {
    const missing = USER_ROUTES.filter((r) => !r.options!.permission).map((r) => `${r.method} ${r.template}`);
    expect(missing).toEqual([]);
    for (const r of CHECKED) {
      const parsed = parseRule(rule(r)) as { keys: string[] };
      expect(parsed.keys.length, `${r.method} ${r.template}`).toBeGreaterThan(0);
    }
  });
});

// ---- the walk -------------------------------------------------------------------------

let t: Tenant;
let nobody: Member;
const allBut = new Map<string, Member>();
/**
 * What the owner saw after the last refused write (and the audit count then): the next one is
 * compared with it, so each write costs one snapshot. Adding a member changes both, so it
 * clears them.
 */
let lastSnapshot: string | undefined;
let lastAuditCount: number | undefined;

const KEYS = {
  organisation: ["CREATE_PROJECT", "MANAGE_USERS", "MANAGE_USER_GROUPS"],
  project: [
    "VIEW_PROJECT",
    "CREATE_ENVIRONMENT",
    "DELETE_FEATURE",
    "CREATE_FEATURE",
    "MANAGE_SEGMENTS",
    "VIEW_AUDIT_LOG",
    "MANAGE_TAGS",
    "CREATE_PROJECT_LEVEL_CHANGE_REQUESTS",
    "APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS",
    "MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS",
  ],
  environment: [
    "VIEW_ENVIRONMENT",
    "UPDATE_FEATURE_STATE",
    "MANAGE_IDENTITIES",
    "VIEW_IDENTITIES",
    "MANAGE_SEGMENT_OVERRIDES",
    "CREATE_CHANGE_REQUEST",
    "APPROVE_CHANGE_REQUEST",
  ],
};

async function granted(res: Promise<{ status: number; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`grant failed: ${r.status} ${r.text}`);
}

/**
 * A member holding every key on the tenant's organisation, project and environment but
 * `keys` (never admin). A rule whose key depends on the object lists them all: without any
 * of them the member is refused whichever object the walk names (tests/api/permissions.test.ts
 * proves which object asks which key).
 */
async function memberWithout(keys: string[]): Promise<Member> {
  const cacheKey = keys.join(",");
  const cached = allBut.get(cacheKey);
  if (cached) return cached;
  const m = await addMember(t.organisationId);
  const keep = (kind: keyof typeof KEYS) => KEYS[kind].filter((k) => !keys.includes(k));
  const base = "/api/v1";
  await granted(
    call(`${base}/organisations/${t.organisationId}/user-permissions/`, {
      token: t.token,
      body: { user: m.id, permissions: keep("organisation") },
    }),
  );
  await granted(
    call(`${base}/projects/${t.projectId}/user-permissions/`, {
      token: t.token,
      body: { user: m.id, permissions: keep("project"), admin: false },
    }),
  );
  await granted(
    call(`${base}/environments/${t.envKey}/user-permissions/`, {
      token: t.token,
      body: { user: m.id, permissions: keep("environment"), admin: false },
    }),
  );
  allBut.set(cacheKey, m);
  lastSnapshot = lastAuditCount = undefined;
  return m;
}

/**
 * Bodies for routes whose rule reads something other than the path or an `organisation`,
 * `project` or `environment` id in the body or query string.
 */
const BODIES: Record<string, () => unknown> = {
  "/api/v1/features/feature-segments/update-priorities/": () => [{ id: t.ids.featureSegmentId, priority: 0 }],
  "/api/v1/features/create-feature-export/": () => ({ environment_id: t.environmentId, tag_ids: [] }),
};

/**
 * The request: the path's ids, and the tenant's organisation, project and environment named
 * in the query string and (for writes) the body, where a rule may read its object from.
 */
function request(route: Declared): { url: string; body?: unknown } {
  const scope = { organisation: t.organisationId, project: t.projectId, environment: t.environmentId };
  const url = `${fillPattern(route.template, t.ids)}?${new URLSearchParams(
    Object.entries(scope).map(([k, v]) => [k, String(v)]),
  )}`;
  if (route.method === "GET" || route.method === "DELETE") return { url };
  return { url, body: BODIES[route.template]?.() ?? scope };
}

async function auditCount(): Promise<number> {
  const res = await call(`/api/v1/organisations/${t.organisationId}/audit/`, { token: t.token });
  expect(res.status).toBe(200);
  return res.body.count;
}

/** What the owner sees of the tenant: any change a refused request made shows here. */
async function snapshot(): Promise<string> {
  const env = `/api/v1/environments/${t.envKey}`;
  const paths = [
    `/api/v1/organisations/${t.organisationId}/`,
    `/api/v1/organisations/${t.organisationId}/users/`,
    `/api/v1/organisations/${t.organisationId}/groups/`,
    `/api/v1/organisations/${t.organisationId}/user-permissions/`,
    `/api/v1/organisations/${t.organisationId}/webhooks/`,
    `/api/v1/projects/?organisation=${t.organisationId}`,
    `/api/v1/projects/${t.projectId}/features/`,
    `/api/v1/projects/${t.projectId}/features/${t.ids.featureId}/mv-options/`,
    `/api/v1/projects/${t.projectId}/segments/`,
    `/api/v1/projects/${t.projectId}/user-permissions/`,
    `/api/v1/projects/${t.projectId}/user-group-permissions/`,
    `/api/v1/environments/?project=${t.projectId}`,
    `${env}/`,
    `${env}/featurestates/`,
    `${env}/identities/`,
    `${env}/identities/${t.ids.identityId}/traits/`,
    `${env}/identities/${t.ids.identityId}/featurestates/`,
    `${env}/edge-identities/${t.ids.identityUuid}/edge-featurestates/all/`,
    `${env}/api-keys/`,
    `${env}/webhooks/`,
    `${env}/user-permissions/`,
    `${env}/features/${t.ids.featureId}/scheduled-changes/`,
    `/api/v1/features/feature-segments/?environment=${t.environmentId}&feature=${t.ids.featureId}`,
  ];
  const answers = await mapConcurrent(paths, 8, async (p) => {
    const res = await call(p, { token: t.token });
    return [p, res.status, res.body];
  });
  return JSON.stringify(answers);
}

const DENIED = { detail: "You do not have permission to perform this action." };

describe("a member without the route's permission is refused and changes nothing", () => {
  beforeAll(async () => {
    t = await seedTenant();
    nobody = await addMember(t.organisationId);
  }, 60_000);

  const cases = CHECKED.map((r) => [`${r.method} ${r.template}`, r] as const);

  it.each(cases)("%s", async (_, route) => {
    const { keys } = parseRule(rule(route)) as { keys: string[] };
    const key = keys.join(" and ");
    const { url, body } = request(route);
    const write = route.method !== "GET";
    const members = [nobody, await memberWithout(keys)];
    const before = write ? (lastSnapshot ??= await snapshot()) : "";
    const audits = (lastAuditCount ??= await auditCount());
    for (const m of members) {
      const res = await call(url, { method: route.method, body, token: m.token });
      expect([m === nobody ? "no grants" : `all but ${key}`, res.status, res.body]).toEqual([
        m === nobody ? "no grants" : `all but ${key}`,
        403,
        DENIED,
      ]);
    }
    // Whatever it finds becomes the next comparison's start, so one slip fails one case.
    lastAuditCount = await auditCount();
    expect(lastAuditCount).toBe(audits);
    if (write) {
      lastSnapshot = await snapshot();
      expect(lastSnapshot).toBe(before);
    }
  });
});
