// Seeding fixtures the API test files share: each creates one object through the API on this
// worker's server and throws (failing the test) unless the API answers as it should.
import { call, unique } from "./api";

type InProject = { token: string; projectId: number };

export type IdentityFlag = {
  feature: { id: number; name: string };
  enabled: boolean;
  feature_state_value: unknown;
};
export type IdentifyAnswer = { traits: { trait_key: string; trait_value: unknown }[]; flags: IdentityFlag[] };

/** Segment rules as the dashboard writes them: one ALL rule over one ANY rule, `property == value`. */
export function equalsRules(property = "plan", value = "pro") {
  return [{ type: "ALL", rules: [{ type: "ANY", conditions: [{ property, operator: "EQUAL", value }] }] }];
}

/** A feature in the project (a unique name unless `body` gives one); `query` is appended to the URL. */
export async function createFeature<T = any>(
  s: InProject,
  body: Record<string, unknown> = {},
  query = "",
): Promise<T> {
  const res = await call(`/api/v1/projects/${s.projectId}/features/${query}`, {
    token: s.token,
    body: { name: unique("feature"), ...body },
  });
  if (res.status !== 201) throw new Error(`feature create failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** A segment in the project: a unique name and `plan == pro` unless `body` says otherwise. */
export async function createSegment<T = any>(s: InProject, body: Record<string, unknown> = {}): Promise<T> {
  const res = await call(`/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: { name: unique("segment"), rules: equalsRules(), ...body },
  });
  if (res.status !== 201) throw new Error(`segment create failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** The SDK's identify call (POST /api/v1/identities/) with the environment key. */
export async function identify<T = IdentifyAnswer>(
  s: { envKey: string },
  identifier: string,
  traits: unknown[] = [],
): Promise<T> {
  const res = await call("/api/v1/identities/", { envKey: s.envKey, body: { identifier, traits } });
  if (res.status !== 200) throw new Error(`identify failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}
