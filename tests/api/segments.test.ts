import { describe, expect, it } from "vitest";
import { call, seed, signUp, unique } from "../support/api";
import { createFeature, createSegment } from "../support/fixtures";

const DENIED = { detail: "You do not have permission to perform this action." };
const NOT_FOUND = { detail: "Not found." };

const proRules = () => [
  {
    type: "ALL",
    rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
  },
];

const segmentsPath = (projectId: number) => `/api/v1/projects/${projectId}/segments/`;

async function segmentCount(token: string, projectId: number): Promise<number> {
  return (await call(segmentsPath(projectId), { token })).body.count;
}

describe("segments: create and read", () => {
  it("creates a segment with its rule tree and Flagsmith's fields", async () => {
    const { token, projectId } = await seed();
    const res = await call(segmentsPath(projectId), {
      token,
      body: {
        name: "Power users",
        description: "pays and logs in",
        project: projectId,
        feature: null,
        rules: [
          {
            type: "ALL",
            rules: [
              {
                type: "ANY",
                conditions: [
                  { property: "plan", operator: "EQUAL", value: "pro", description: "paying" },
                  { property: "logins", operator: "GREATER_THAN", value: 10 },
                ],
              },
              { type: "NONE", conditions: [{ property: "banned", operator: "EQUAL", value: true }] },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      name: "Power users",
      description: "pays and logs in",
      project: projectId,
      feature: null,
      version_of: id,
      rules: [
        {
          id: expect.any(Number),
          type: "ALL",
          rules: [
            {
              id: expect.any(Number),
              type: "ANY",
              rules: [],
              conditions: [
                {
                  id: expect.any(Number),
                  operator: "EQUAL",
                  property: "plan",
                  value: "pro",
                  description: "paying",
                },
                {
                  id: expect.any(Number),
                  operator: "GREATER_THAN",
                  property: "logins",
                  value: "10",
                  description: null,
                },
              ],
            },
            {
              id: expect.any(Number),
              type: "NONE",
              rules: [],
              conditions: [
                {
                  id: expect.any(Number),
                  operator: "EQUAL",
                  property: "banned",
                  value: "True",
                  description: null,
                },
              ],
            },
          ],
          conditions: [],
        },
      ],
      metadata: [],
      membership_counts: [],
      managed_by: "",
    });
    const got = await call(`${segmentsPath(projectId)}${id}/`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("stores condition values as Python prints them and keeps valueless operators null", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment(
      { token, projectId },
      {
        rules: [
          {
            type: "ANY",
            conditions: [
              { property: "a", operator: "EQUAL", value: false },
              { property: "b", operator: "EQUAL", value: 1.5 },
              { property: "c", operator: "LESS_THAN", value: 0.00001 },
              { property: "d", operator: "IS_SET" },
              { property: "e", operator: "IS_NOT_SET", value: null },
              { operator: "PERCENTAGE_SPLIT", value: 25 },
              { property: "f", operator: "MODULO", value: "2|0" },
              { property: "g", operator: "IN", value: "a,b,c" },
              { property: "h", operator: "REGEX", value: "(?i)^admin" },
              { property: "v", operator: "GREATER_THAN_INCLUSIVE", value: "1.2.0:semver" },
            ],
          },
        ],
      },
    );
    const values = segment.rules[0].conditions.map((c: { value: string | null }) => c.value);
    expect(values).toEqual([
      "False",
      "1.5",
      "1e-05",
      null,
      null,
      "25",
      "2|0",
      "a,b,c",
      "(?i)^admin",
      "1.2.0:semver",
    ]);
    expect(segment.rules[0].conditions[5].property).toBeNull();
  });

  it("lists a project's segments, paged, searchable by name", async () => {
    const { token, projectId } = await seed();
    await createSegment({ token, projectId }, { name: "Beta Testers" });
    await createSegment({ token, projectId }, { name: "Staff" });
    await createSegment({ token, projectId }, { name: "beta EU" });
    const all = await call(segmentsPath(projectId), { token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(all.body.results.map((s: { name: string }) => s.name)).toEqual([
      "Beta Testers",
      "Staff",
      "beta EU",
    ]);
    expect(all.body.results[0].rules).toHaveLength(1);

    const search = await call(`${segmentsPath(projectId)}?q=BETA`, { token });
    expect(search.body.results.map((s: { name: string }) => s.name)).toEqual(["Beta Testers", "beta EU"]);

    const paged = await call(`${segmentsPath(projectId)}?page_size=2&page=2`, { token });
    expect(paged.body.count).toBe(3);
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toBeNull();
    expect(paged.body.previous).toMatch(/page_size=2/);

    const past = await call(`${segmentsPath(projectId)}?page=5`, { token });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "Invalid page." });
  });

  it("bumps the documents of the project's environments on every write", async () => {
    const { token, projectId, envKey } = await seed();
    const before = (await call(`/api/v1/environments/${envKey}/`, { token })).body.updated_at;
    await new Promise((r) => setTimeout(r, 5));
    const segment = await createSegment({ token, projectId });
    const afterCreate = (await call(`/api/v1/environments/${envKey}/`, { token })).body.updated_at;
    expect(afterCreate > before).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    await call(`${segmentsPath(projectId)}${segment.id}/`, {
      method: "PATCH",
      token,
      body: { name: "renamed" },
    });
    const afterPatch = (await call(`/api/v1/environments/${envKey}/`, { token })).body.updated_at;
    expect(afterPatch > afterCreate).toBe(true);
  });
});

describe("segments: update and delete", () => {
  it("PATCH with rules replaces the whole tree; other fields stay", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment({ token, projectId }, { name: "Country", description: "d" });
    const path = `${segmentsPath(projectId)}${segment.id}/`;
    const patched = await call(path, {
      method: "PATCH",
      token,
      body: {
        rules: [
          { type: "ALL", conditions: [{ property: "country", operator: "IN", value: "FR,DE" }] },
          { type: "ANY", conditions: [{ property: "age", operator: "GREATER_THAN", value: 18 }] },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: segment.id, name: "Country", description: "d" });
    expect(patched.body.rules.map((r: { type: string }) => r.type)).toEqual(["ALL", "ANY"]);
    expect(patched.body.rules[0].conditions).toEqual([
      { id: expect.any(Number), operator: "IN", property: "country", value: "FR,DE", description: null },
    ]);
    const oldIds = [segment.rules[0].id, segment.rules[0].rules[0].id];
    expect(patched.body.rules.map((r: { id: number }) => r.id)).not.toContain(oldIds[0]);
    expect((await call(path, { token })).body.rules).toEqual(patched.body.rules);

    const described = await call(path, { method: "PATCH", token, body: { description: null } });
    expect(described.body.description).toBeNull();
    expect(described.body.rules).toEqual(patched.body.rules);
  });

  it("drops rules and conditions marked delete, as the legacy dashboard sends them", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment({ token, projectId });
    const res = await call(`${segmentsPath(projectId)}${segment.id}/`, {
      method: "PATCH",
      token,
      body: {
        rules: [
          {
            type: "ALL",
            conditions: [
              { property: "a", operator: "EQUAL", value: "1" },
              { id: 9999, property: "b", operator: "EQUAL", value: "2", delete: true },
            ],
          },
          { type: "ANY", delete: true, conditions: [] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.rules).toHaveLength(1);
    expect(res.body.rules[0].conditions.map((c: { property: string }) => c.property)).toEqual(["a"]);
  });

  it("PUT needs the whole segment", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment({ token, projectId });
    const path = `${segmentsPath(projectId)}${segment.id}/`;
    const partial = await call(path, { method: "PUT", token, body: { description: "x" } });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ name: ["This field is required."], rules: ["This field is required."] });
    const full = await call(path, { method: "PUT", token, body: { name: "Whole", rules: proRules() } });
    expect(full.status).toBe(200);
    expect(full.body.name).toBe("Whole");
  });

  it("deletes a segment", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment({ token, projectId });
    const path = `${segmentsPath(projectId)}${segment.id}/`;
    const res = await call(path, { method: "DELETE", token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call(path, { token })).status).toBe(404);
    expect(await segmentCount(token, projectId)).toBe(0);
  });
});

describe("segments: feature-specific", () => {
  it("accepts a feature of the same project only", async () => {
    const { token, projectId, organisationId } = await seed();
    const feature = await createFeature({ token, projectId });
    const segment = await createSegment({ token, projectId }, { feature: feature.id });
    expect(segment.feature).toBe(feature.id);

    const sibling = await call("/api/v1/projects/", {
      token,
      body: { name: unique("p"), organisation: organisationId },
    });
    const foreign = await createFeature({ token, projectId: sibling.body.id });
    const res = await call(segmentsPath(projectId), {
      token,
      body: { name: "x", feature: foreign.id, rules: proRules() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ feature: [`Invalid pk "${foreign.id}" - object does not exist.`] });

    const other = await seed();
    const hidden = await createFeature({ token: other.token, projectId: other.projectId });
    const denied = await call(segmentsPath(projectId), {
      token,
      body: { name: "x", feature: hidden.id, rules: proRules() },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(DENIED);
    expect(await segmentCount(token, projectId)).toBe(1);

    const unset = await call(`${segmentsPath(projectId)}${segment.id}/`, {
      method: "PATCH",
      token,
      body: { feature: null },
    });
    expect(unset.body.feature).toBeNull();
  });
});

describe("segments: validation writes nothing", () => {
  const cases: [string, unknown, unknown][] = [
    ["missing fields", {}, { name: ["This field is required."], rules: ["This field is required."] }],
    ["empty rules", { name: "x", rules: [] }, { rules: ["This list may not be empty."] }],
    ["blank name", { name: "  ", rules: proRules() }, { name: ["This field may not be blank."] }],
    [
      "rules not a list",
      { name: "x", rules: "ALL" },
      { rules: ['Expected a list of items but got type "str".'] },
    ],
    [
      "rules nested three levels",
      {
        name: "x",
        rules: [{ type: "ALL", rules: [{ type: "ANY", rules: [{ type: "ALL", conditions: [] }] }] }],
      },
      { segment: ["Rules must not be nested more than 2 levels deep."] },
    ],
    [
      "unknown rule type",
      { name: "x", rules: [{ type: "SOME", conditions: [] }] },
      { rules: [{ type: ['"SOME" is not a valid choice.'] }] },
    ],
    [
      "unknown operator in a nested condition",
      {
        name: "x",
        rules: [
          {
            type: "ALL",
            rules: [
              {
                type: "ANY",
                conditions: [
                  { property: "a", operator: "EQUAL", value: "1" },
                  { property: "b", operator: "BETWEEN", value: "1" },
                ],
              },
            ],
          },
        ],
      },
      { rules: [{ rules: [{ conditions: [{}, { operator: ['"BETWEEN" is not a valid choice.'] }] }] }] },
    ],
    [
      "operator missing",
      { name: "x", rules: [{ type: "ALL", conditions: [{ property: "a", value: "1" }] }] },
      { rules: [{ conditions: [{ operator: ["This field is required."] }] }] },
    ],
    [
      "percentage split out of range",
      { name: "x", rules: [{ type: "ALL", conditions: [{ operator: "PERCENTAGE_SPLIT", value: 120 }] }] },
      {
        rules: [{ conditions: [{ value: ["Percentage split value must be a number between 0 and 100."] }] }],
      },
    ],
    [
      "modulo with a zero divisor",
      {
        name: "x",
        rules: [{ type: "ALL", conditions: [{ property: "n", operator: "MODULO", value: "0|1" }] }],
      },
      {
        rules: [
          {
            conditions: [
              {
                value: ['Modulo value must be "divisor|remainder": two numbers and a divisor other than 0.'],
              },
            ],
          },
        ],
      },
    ],
    [
      "modulo with a remainder the divisor never leaves",
      {
        name: "x",
        rules: [{ type: "ALL", conditions: [{ property: "n", operator: "MODULO", value: "3|4" }] }],
      },
      {
        rules: [
          {
            conditions: [
              {
                value: [
                  "The remainder must lie between 0 and the divisor (x modulo 3 is 0, 1 or 2): this condition could never match.",
                ],
              },
            ],
          },
        ],
      },
    ],
    [
      "regex that does not compile",
      { name: "x", rules: [{ type: "ALL", conditions: [{ property: "e", operator: "REGEX", value: "(" }] }] },
      { rules: [{ conditions: [{ value: ["Enter a valid regular expression."] }] }] },
    ],
    [
      "a malformed semver version",
      {
        name: "x",
        rules: [
          {
            type: "ALL",
            conditions: [
              { property: "version", operator: "GREATER_THAN", value: "1.2.0:semver" },
              { property: "version", operator: "GREATER_THAN", value: "1.2:semver" },
            ],
          },
        ],
      },
      {
        rules: [
          {
            conditions: [
              {},
              {
                value: [
                  'Enter a version as MAJOR.MINOR.PATCH (such as 1.2.3 or 2.0.0-beta.1) before ":semver", or remove ":semver" to compare as text.',
                ],
              },
            ],
          },
        ],
      },
    ],
    [
      "property missing",
      { name: "x", rules: [{ type: "ALL", conditions: [{ operator: "EQUAL", value: "1" }] }] },
      { rules: [{ conditions: [{ property: ["This field may not be blank."] }] }] },
    ],
    [
      "value missing",
      { name: "x", rules: [{ type: "ALL", conditions: [{ property: "a", operator: "EQUAL" }] }] },
      { rules: [{ conditions: [{ value: ["This field is required."] }] }] },
    ],
    [
      "value not a scalar",
      { name: "x", rules: [{ type: "ALL", conditions: [{ property: "a", operator: "IN", value: ["a"] }] }] },
      { rules: [{ conditions: [{ value: ["Not a valid string."] }] }] },
    ],
    [
      "too many conditions",
      {
        name: "x",
        rules: [
          {
            type: "ALL",
            conditions: Array.from({ length: 101 }, (_, i) => ({ property: `p${i}`, operator: "IS_SET" })),
          },
        ],
      },
      { segment: ["The segment has 101 conditions, which exceeds the maximum condition count of 100."] },
    ],
    [
      "body is a list",
      [{ name: "x" }],
      { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] },
    ],
  ];

  it.each(cases)("%s", async (_label, body, expected) => {
    const { token, projectId } = await seed();
    const res = await call(segmentsPath(projectId), { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
    expect(await segmentCount(token, projectId)).toBe(0);
  });

  it("refuses a project field that is not the path's, and malformed JSON", async () => {
    const { token, projectId } = await seed();
    const res = await call(segmentsPath(projectId), {
      token,
      body: { name: "x", project: projectId + 1000, rules: proRules() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ project: ["Must be the project of the URL."] });
    const broken = await call(segmentsPath(projectId), { token, rawBody: '{"name": "x", ' });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/^JSON parse error - /);
    expect(await segmentCount(token, projectId)).toBe(0);
  });

  it("an invalid PATCH leaves the rules as they were", async () => {
    const { token, projectId } = await seed();
    const segment = await createSegment({ token, projectId });
    const path = `${segmentsPath(projectId)}${segment.id}/`;
    const res = await call(path, {
      method: "PATCH",
      token,
      body: {
        name: "changed",
        rules: [
          { type: "ALL", conditions: [{ property: "a", operator: "EQUAL", value: "1" }] },
          { type: "ALL", conditions: [{ property: "b", operator: "NOPE", value: "1" }] },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      rules: [{}, { conditions: [{ operator: ['"NOPE" is not a valid choice.'] }] }],
    });
    const other = await seed();
    const hidden = await createFeature({ token: other.token, projectId: other.projectId });
    const denied = await call(path, {
      method: "PATCH",
      token,
      body: { name: "changed", feature: hidden.id, rules: [] },
    });
    expect(denied.status).toBe(400);
    const deniedFeature = await call(path, {
      method: "PATCH",
      token,
      body: { name: "changed", feature: hidden.id, rules: proRules() },
    });
    expect(deniedFeature.status).toBe(403);
    expect((await call(path, { token })).body).toEqual(segment);
  });
});

describe("segments: access", () => {
  it("needs credentials", async () => {
    const { projectId } = await seed();
    const res = await call(segmentsPath(projectId));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("hides other users' projects and segments (404) and writes nothing there", async () => {
    const owner = await seed();
    const segment = await createSegment({ token: owner.token, projectId: owner.projectId });
    const { token } = await signUp();
    const path = `${segmentsPath(owner.projectId)}${segment.id}/`;
    expect((await call(segmentsPath(owner.projectId), { token })).status).toBe(404);
    const create = await call(segmentsPath(owner.projectId), {
      token,
      body: { name: "x", rules: proRules() },
    });
    expect(create.status).toBe(404);
    expect(create.body).toEqual(NOT_FOUND);
    expect((await call(path, { token })).status).toBe(404);
    expect((await call(path, { method: "PATCH", token, body: { name: "mine" } })).status).toBe(404);
    expect((await call(path, { method: "DELETE", token })).status).toBe(404);
    expect((await call(path, { token: owner.token })).body).toEqual(segment);
    expect(await segmentCount(owner.token, owner.projectId)).toBe(1);
  });

  it("answers 404 for a segment of another project, an unknown id or a malformed id", async () => {
    const { token, projectId, organisationId } = await seed();
    const segment = await createSegment({ token, projectId });
    const sibling = await call("/api/v1/projects/", {
      token,
      body: { name: unique("p"), organisation: organisationId },
    });
    expect((await call(`${segmentsPath(sibling.body.id)}${segment.id}/`, { token })).status).toBe(404);
    expect((await call(`${segmentsPath(projectId)}999999/`, { token })).body).toEqual(NOT_FOUND);
    expect((await call(`${segmentsPath(projectId)}abc/`, { token })).status).toBe(404);
  });
});
