// Generated from the route files: every method of the administrative API declares a
// `permission` (lib/permissions/rule.ts), and a member of the organisation who lacks the key a
// route names is refused with 403 and changes nothing: a member with no grants at all, and,
// for each key, a member holding every other key (and no admin flag).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api";
import { addMember, type Member } from "../support/members";
import { fillPattern, seedTenant, type Tenant } from "../support/routes";

const API_ROOT = path.resolve(__dirname, "../../app/api/v1");

type Declared = {
  method: string;
  template: string;
  auth: string;
  /** The `permission: {...}` text, or null when the method declares none. */
  rule: string | null;
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The balanced `{...}` that starts at `from`. */
function braced(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "{") depth++;
    if (text[i] === "}" && --depth === 0) return text.slice(from, i + 1);
  }
  throw new Error(`unbalanced braces in ${text.slice(from, from + 80)}`);
}

/**
 * The text of a method's `permission` rule: written inline, or a constant of the same file
 * (`permission: manage` with `const manage = { ... }`); null when there is none.
 */
function ruleText(source: string, value: string): string | null {
  const at = value.indexOf("permission:");
  if (at < 0) return null;
  const named = /^permission:\s*([A-Za-z_$][\w$]*)\s*[,}]/.exec(value.slice(at));
  if (!named) return braced(value, value.indexOf("{", at));
  const declaration = new RegExp(`const ${named[1]}\\b[^=]*=\\s*\\{`).exec(source);
  if (!declaration) throw new Error(`cannot find the rule \`${named[1]}\``);
  return braced(source, declaration.index + declaration[0].length - 1);
}

function declarations(): Declared[] {
  const out: Declared[] = [];
  for (const file of routeFiles(API_ROOT)) {
    const source = readFileSync(file, "utf8");
    const template = `/api/v1/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/")}/`;
    const byMethod = new Map<string, Declared>();
    for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = ([\s\S]*?);\n/g)) {
      const [, method, value] = match;
      const alias = /^[A-Z]+$/.test(value.trim()) ? byMethod.get(value.trim()) : undefined;
      const auth = alias?.auth ?? /auth: "(\w[\w-]*)"/.exec(value)?.[1] ?? "?";
      const rule = alias ? alias.rule : ruleText(source, value);
      const declared = { method, template, auth, rule };
      byMethod.set(method, declared);
      out.push(declared);
    }
  }
  return out.sort((a, b) => `${a.template} ${a.method}`.localeCompare(`${b.template} ${b.method}`));
}

type Parsed = { kind: "member" } | { kind: "organisation" | "project" | "environment"; key: string };

function parseRule(rule: string): Parsed {
  if (/^\{\s*member: true\s*\}$/.test(rule)) return { kind: "member" };
  const match = /^\{\s*(organisation|project|environment): "([A-Z_]+)"/.exec(rule);
  if (!match) throw new Error(`cannot read the rule ${rule}`);
  return { kind: match[1] as "organisation" | "project" | "environment", key: match[2] };
}

const ALL_ROUTES = declarations();
const USER_ROUTES = ALL_ROUTES.filter((r) => r.auth === "user");
const CHECKED = USER_ROUTES.filter((r) => r.rule !== null && parseRule(r.rule).kind !== "member");

describe("every administrative route declares its permission", () => {
  it("finds the routes", () => {
    expect(USER_ROUTES.length).toBeGreaterThan(150);
    expect(CHECKED.length).toBeGreaterThan(100);
  });

  it("has a `permission` on every method behind an account, in a form this walk can read", () => {
    const missing = USER_ROUTES.filter((r) => r.rule === null).map((r) => `${r.method} ${r.template}`);
    expect(missing).toEqual([]);
    for (const r of USER_ROUTES) expect(() => parseRule(r.rule!), `${r.method} ${r.template}`).not.toThrow();
  });
});

// ---- the walk -------------------------------------------------------------------------

let t: Tenant;
let nobody: Member;
const allBut = new Map<string, Member>();

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
  ],
  environment: [
    "VIEW_ENVIRONMENT",
    "UPDATE_FEATURE_STATE",
    "MANAGE_IDENTITIES",
    "VIEW_IDENTITIES",
    "MANAGE_SEGMENT_OVERRIDES",
  ],
};

async function granted(res: Promise<{ status: number; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`grant failed: ${r.status} ${r.text}`);
}

/** A member holding every key on the tenant's organisation, project and environment but `key` (never admin). */
async function memberWithout(key: string): Promise<Member> {
  const cached = allBut.get(key);
  if (cached) return cached;
  const m = await addMember(t.organisationId);
  const keep = (kind: keyof typeof KEYS) => KEYS[kind].filter((k) => k !== key);
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
  allBut.set(key, m);
  return m;
}

/** Body and query that name the rule's object when the rule reads it from there. */
function request(route: Declared): { url: string; body?: unknown } {
  const rule = route.rule!;
  let url = fillPattern(route.template, t.ids);
  const values: Record<string, number> = {
    organisation: t.organisationId,
    project: t.projectId,
    environment: t.environmentId,
  };
  const query = /c\.query\.(\w+)/.exec(rule);
  if (query) url += `?${query[1]}=${values[query[1]]}`;
  if (route.method === "GET" || route.method === "DELETE") return { url };
  const field = /c\.body\.(\w+)/.exec(rule);
  if (field) return { url, body: { [field[1]]: values[field[1]] } };
  if (rule.includes("environmentOfFeatureSegments"))
    return { url, body: [{ id: t.ids.featureSegmentId, priority: 0 }] };
  return { url, body: {} };
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
  const answers = [];
  for (const p of paths) {
    const res = await call(p, { token: t.token });
    answers.push([p, res.status, res.body]);
  }
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
    const { key } = parseRule(route.rule!) as { key: string };
    const { url, body } = request(route);
    const write = route.method !== "GET";
    const members = [nobody, await memberWithout(key)];
    const before = write ? await snapshot() : "";
    const audits = await auditCount();
    for (const m of members) {
      const res = await call(url, { method: route.method, body, token: m.token });
      expect([m === nobody ? "no grants" : `all but ${key}`, res.status, res.body]).toEqual([
        m === nobody ? "no grants" : `all but ${key}`,
        403,
        DENIED,
      ]);
    }
    expect(await auditCount()).toBe(audits);
    if (write) expect(await snapshot()).toBe(before);
  });
});
