// The get-by-uuid lookups (Flagsmith's paths, read by its Terraform provider and API client):
// each answers exactly what its by-id endpoint answers, asks the same permission, and answers
// an unknown, malformed or another organisation's uuid as the missing object.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember, type Member } from "../support/members";

type Lookup = { name: string; byId: string; byUuid: string; foreign: string };

let s: Seeded;
let other: Seeded;
let member: Member;
let lookups: Lookup[];

const rules = [
  { type: "ALL", rules: [{ type: "ANY", conditions: [{ property: "p", operator: "EQUAL", value: "v" }] }] },
];

async function objects(t: Seeded) {
  const get = async (path: string) => (await call(path, { token: t.token })).body;
  const post = async (path: string, body: unknown) => (await call(path, { token: t.token, body })).body;
  const feature = await post(`/api/v1/projects/${t.projectId}/features/`, {
    name: unique("f"),
    type: "MULTIVARIATE",
  });
  const option = await post(`/api/v1/projects/${t.projectId}/features/${feature.id}/mv-options/`, {
    type: "unicode",
    string_value: "blue",
    default_percentage_allocation: 10,
  });
  const segment = await post(`/api/v1/projects/${t.projectId}/segments/`, { name: unique("s"), rules });
  const states = await get(`/api/v1/environments/${t.envKey}/featurestates/?feature=${feature.id}`);
  return {
    organisation: await get(`/api/v1/organisations/${t.organisationId}/`),
    project: await get(`/api/v1/projects/${t.projectId}/`),
    environment: await get(`/api/v1/environments/${t.envKey}/`),
    feature,
    option,
    segment,
    state: states.results[0],
  };
}

beforeAll(async () => {
  [s, other] = await Promise.all([seed(), seed()]);
  member = await addMember(s.organisationId, "USER");
  const [mine, theirs] = await Promise.all([objects(s), objects(other)]);
  const p = `/api/v1/projects/${s.projectId}`;
  lookups = [
    {
      name: "organisation",
      byId: `/api/v1/organisations/${s.organisationId}/`,
      byUuid: `/api/v1/organisations/get-by-uuid/${mine.organisation.uuid}/`,
      foreign: `/api/v1/organisations/get-by-uuid/${theirs.organisation.uuid}/`,
    },
    {
      name: "project",
      byId: `${p}/`,
      byUuid: `/api/v1/projects/get-by-uuid/${mine.project.uuid}/`,
      foreign: `/api/v1/projects/get-by-uuid/${theirs.project.uuid}/`,
    },
    {
      name: "environment",
      byId: `/api/v1/environments/${s.envKey}/`,
      byUuid: `/api/v1/environments/get-by-uuid/${mine.environment.uuid}/`,
      foreign: `/api/v1/environments/get-by-uuid/${theirs.environment.uuid}/`,
    },
    {
      name: "feature",
      byId: `${p}/features/${mine.feature.id}/`,
      byUuid: `/api/v1/features/get-by-uuid/${mine.feature.uuid}/`,
      foreign: `/api/v1/features/get-by-uuid/${theirs.feature.uuid}/`,
    },
    {
      name: "multivariate option",
      byId: `${p}/features/${mine.feature.id}/mv-options/${mine.option.id}/`,
      byUuid: `/api/v1/multivariate/options/get-by-uuid/${mine.option.uuid}/`,
      foreign: `/api/v1/multivariate/options/get-by-uuid/${theirs.option.uuid}/`,
    },
    {
      name: "segment",
      byId: `${p}/segments/${mine.segment.id}/`,
      byUuid: `/api/v1/segments/get-by-uuid/${mine.segment.uuid}/`,
      foreign: `/api/v1/segments/get-by-uuid/${theirs.segment.uuid}/`,
    },
    {
      name: "feature state",
      byId: `/api/v1/features/featurestates/${mine.state.id}/`,
      byUuid: `/api/v1/features/featurestates/get-by-uuid/${mine.state.uuid}/`,
      foreign: `/api/v1/features/featurestates/get-by-uuid/${theirs.state.uuid}/`,
    },
  ];
});

const NOT_FOUND = { detail: "Not found." };

describe("GET …/get-by-uuid/{uuid}/", () => {
  it("answers each object as its by-id endpoint does", async () => {
    for (const l of lookups) {
      const [byId, byUuid] = await Promise.all([
        call(l.byId, { token: s.token }),
        call(l.byUuid, { token: s.token }),
      ]);
      expect({ name: l.name, status: byUuid.status }).toEqual({ name: l.name, status: 200 });
      expect(byUuid.body, l.name).toEqual(byId.body);
      expect(byUuid.body.uuid, l.name).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });

  it("answers the same with an organisation API key", async () => {
    const created = await call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
      token: s.token,
      body: { name: unique("k") },
    });
    for (const l of lookups) {
      const res = await call(l.byUuid, { headers: { Authorization: `Api-Key ${created.body.key}` } });
      expect({ name: l.name, status: res.status }).toEqual({ name: l.name, status: 200 });
    }
  });

  it("401 without credentials or with an unknown token", async () => {
    for (const l of lookups) {
      const none = await call(l.byUuid);
      expect({ name: l.name, status: none.status, body: none.body }).toEqual({
        name: l.name,
        status: 401,
        body: { detail: "Authentication credentials were not provided." },
      });
      const bad = await call(l.byUuid, { token: "x".repeat(40) });
      expect({ name: l.name, status: bad.status }).toEqual({ name: l.name, status: 401 });
    }
  });

  it("403 for a member without the by-id endpoint's permission, as by id", async () => {
    for (const l of lookups) {
      const [byId, byUuid] = await Promise.all([
        call(l.byId, { token: member.token }),
        call(l.byUuid, { token: member.token }),
      ]);
      expect({ name: l.name, status: byUuid.status, body: byUuid.body }).toEqual({
        name: l.name,
        status: byId.status,
        body: byId.body,
      });
    }
    // Everything below the organisation asks a grant the member lacks.
    const statuses = await Promise.all(lookups.map((l) => call(l.byUuid, { token: member.token })));
    expect(statuses.map((r) => r.status)).toEqual([200, 403, 403, 403, 403, 403, 403]);
  });

  it("404 for another organisation's, an unknown and a malformed uuid, alike", async () => {
    for (const l of lookups) {
      const foreign = await call(l.foreign, { token: s.token });
      expect({ name: l.name, status: foreign.status, body: foreign.body }).toEqual({
        name: l.name,
        status: 404,
        body: NOT_FOUND,
      });
      const base = l.byUuid.replace(/[^/]+\/$/, "");
      for (const uuid of [crypto.randomUUID(), "not-a-uuid!", "ABCDEF00-0000-4000-8000-000000000000"]) {
        const res = await call(`${base}${encodeURIComponent(uuid)}/`, { token: s.token });
        expect({ name: l.name, uuid, status: res.status }).toEqual({ name: l.name, uuid, status: 404 });
      }
    }
  });

  it("answers a deleted object's uuid with 404", async () => {
    const f = await call(`/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: unique("gone") },
    });
    expect((await call(`/api/v1/features/get-by-uuid/${f.body.uuid}/`, { token: s.token })).status).toBe(200);
    await call(`/api/v1/projects/${s.projectId}/features/${f.body.id}/`, {
      token: s.token,
      method: "DELETE",
    });
    const res = await call(`/api/v1/features/get-by-uuid/${f.body.uuid}/`, { token: s.token });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
  });

  it("answers only GET (405 otherwise, as Flagsmith's read-only views)", async () => {
    const res = await call(lookups[3].byUuid, { token: s.token, method: "DELETE" });
    expect(res.status).toBe(405);
  });
});
