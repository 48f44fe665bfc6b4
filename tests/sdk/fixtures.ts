// Seeding for the SDK tests, all through the admin API: what the SDK endpoints serve must be
// what the admin API wrote.
import { expect } from "vitest";
import { call, type ApiResult, type Seeded } from "../support/api";

/** The parsed body, loosely typed as the support client types it. */
type Body = ApiResult["body"];

function ok<T = Body>(res: ApiResult<T>, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
  return res.body;
}

export type FeatureInput = {
  name: string;
  default_enabled?: boolean;
  initial_value?: string | null;
  description?: string;
  is_server_key_only?: boolean;
  multivariate_options?: {
    type: "unicode" | "int" | "bool";
    string_value?: string;
    integer_value?: number;
    boolean_value?: boolean;
    key?: string;
    default_percentage_allocation: number;
  }[];
};

export async function createFeature(seed: Seeded, input: FeatureInput) {
  const res = await call(`/api/v1/projects/${seed.projectId}/features/`, { token: seed.token, body: input });
  return ok(res, 201, `create feature ${input.name}`);
}

/** The environment-default feature state of a feature (admin view). */
export async function environmentState(seed: Seeded, featureName: string, envKey = seed.envKey) {
  const res = await call(
    `/api/v1/environments/${envKey}/featurestates/?feature_name=${encodeURIComponent(featureName)}`,
    { token: seed.token },
  );
  const body = ok(res, 200, `states of ${featureName}`);
  return body.results[0];
}

export async function updateState(
  seed: Seeded,
  featureName: string,
  patch: { enabled?: boolean; feature_state_value?: string | number | boolean | null },
  envKey = seed.envKey,
) {
  const state = await environmentState(seed, featureName, envKey);
  const res = await call(`/api/v1/environments/${envKey}/featurestates/${state.id}/`, {
    method: "PATCH",
    token: seed.token,
    body: patch,
  });
  return ok(res, 200, `update state of ${featureName}`);
}

export type Condition = { property?: string | null; operator: string; value?: string | null };

/** One ALL rule holding one ANY rule per condition group (groups AND, conditions OR). */
export const rulesOf = (...groups: Condition[][]) => [
  { type: "ALL", rules: groups.map((conditions) => ({ type: "ANY", rules: [], conditions })) },
];

export async function createSegment(
  seed: Seeded,
  name: string,
  rules: unknown[],
  feature: number | null = null,
) {
  const res = await call(`/api/v1/projects/${seed.projectId}/segments/`, {
    token: seed.token,
    body: { name, project: seed.projectId, feature, rules },
  });
  return ok(res, 201, `create segment ${name}`);
}

export async function updateSegmentRules(seed: Seeded, segmentId: number, rules: unknown[]) {
  const res = await call(`/api/v1/projects/${seed.projectId}/segments/${segmentId}/`, {
    method: "PATCH",
    token: seed.token,
    body: { rules },
  });
  return ok(res, 200, "update segment");
}

export type ValueObject = {
  type: string;
  string_value?: string;
  integer_value?: number;
  boolean_value?: boolean;
};

export const valueObject = (value: string | number | boolean): ValueObject =>
  typeof value === "number"
    ? { type: "int", integer_value: value }
    : typeof value === "boolean"
      ? { type: "bool", boolean_value: value }
      : { type: "unicode", string_value: value };

/** Segment override: feature segment, then the feature state on it. */
export async function createSegmentOverride(
  seed: Seeded,
  input: {
    feature: number;
    segment: number;
    enabled: boolean;
    value: string | number | boolean;
    variants?: { multivariate_feature_option: number; percentage_allocation: number }[];
  },
) {
  const fs = await call("/api/v1/features/feature-segments/", {
    token: seed.token,
    body: { feature: input.feature, segment: input.segment, environment: seed.environmentId },
  });
  const featureSegment = ok(fs, 201, "create feature segment");
  const state = await call("/api/v1/features/featurestates/", {
    token: seed.token,
    body: {
      feature: input.feature,
      feature_segment: featureSegment.id,
      environment: seed.environmentId,
      enabled: input.enabled,
      feature_state_value: valueObject(input.value),
      ...(input.variants ? { multivariate_feature_state_values: input.variants } : {}),
    },
  });
  return { featureSegment, state: ok(state, 201, "create segment override") };
}

/** An identity (created through the SDK endpoint, as SDKs create them) and its admin id. */
export async function identityId(seed: Seeded, identifier: string): Promise<number> {
  await call("/api/v1/identities/", { envKey: seed.envKey, body: { identifier } });
  const list = await call(
    `/api/v1/environments/${seed.envKey}/identities/?q=${encodeURIComponent(`"${identifier}"`)}`,
    { token: seed.token },
  );
  return ok(list, 200, "find identity").results[0].id;
}

export async function createIdentityOverride(
  seed: Seeded,
  input: { identifier: string; feature: number; enabled: boolean; value: string | number | boolean },
) {
  const id = await identityId(seed, input.identifier);
  const res = await call(`/api/v1/environments/${seed.envKey}/identities/${id}/featurestates/`, {
    token: seed.token,
    body: { feature: input.feature, enabled: input.enabled, feature_state_value: input.value },
  });
  return ok(res, 201, "create identity override");
}

export async function createServerKey(seed: Seeded, body: Record<string, unknown> = { name: "server" }) {
  const res = await call(`/api/v1/environments/${seed.envKey}/api-keys/`, { token: seed.token, body });
  return ok(res, 201, "create server key") as { id: number; key: string };
}

export async function patchEnvironment(seed: Seeded, body: Record<string, unknown>) {
  const res = await call(`/api/v1/environments/${seed.envKey}/`, {
    method: "PATCH",
    token: seed.token,
    body,
  });
  return ok(res, 200, "update environment");
}

export async function patchProject(seed: Seeded, body: Record<string, unknown>) {
  const res = await call(`/api/v1/projects/${seed.projectId}/`, { method: "PATCH", token: seed.token, body });
  return ok(res, 200, "update project");
}

export async function patchOrganisation(seed: Seeded, body: Record<string, unknown>) {
  const res = await call(`/api/v1/organisations/${seed.organisationId}/`, {
    method: "PATCH",
    token: seed.token,
    body,
  });
  return ok(res, 200, "update organisation");
}

/** Polls until `check` passes or one second has gone by (the bound Ensign promises). */
export async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1000;
  do {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < deadline);
  return check();
}

export async function expectWithin1s(check: () => Promise<boolean>) {
  expect(await within1s(check)).toBe(true);
}

export type Flag = {
  id: number | null;
  feature: { id: number; name: string; type: string } & Record<string, unknown>;
  feature_state_value: unknown;
  enabled: boolean;
  variant?: string | null;
} & Record<string, unknown>;

export async function sdkFlags(envKey: string): Promise<Flag[]> {
  const res = await call("/api/v1/flags/", { envKey });
  return ok(res, 200, "GET /flags/");
}

export const flagNamed = (flags: Flag[], name: string) => flags.find((f) => f.feature.name === name);

export async function identify(envKey: string, body: Record<string, unknown>) {
  const res = await call("/api/v1/identities/", { envKey, body });
  return ok(res, 200, "POST /identities/") as { identifier: string; traits: Body[]; flags: Flag[] };
}
