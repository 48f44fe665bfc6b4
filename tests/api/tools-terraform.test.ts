// Replay of Flagsmith's Terraform provider against Ensign, call by call, over HTTP.
//
// Tool: Flagsmith/terraform-provider-flagsmith at bb03b4f6a1187f1c0b80cb4f33ff5ce805c47e7c
// (2026-08-12), which talks to the API only through Flagsmith/flagsmith-go-api-client at
// d4a039a2c620768702b343cec2fbb951951d7c5b (2026-04-06). Neither can be built here (no Go
// module registry), so each resource's life is replayed as the provider drives it:
//   - the call sequence of Create/Read/Update/Delete/ImportState: the provider's
//     flagsmith/resource_{project,environment,feature,feature_state,segment,tag,
//     multivariate_option}.go and data_source_{organisation,user}.go;
//   - each call's path, method, body (Go's JSON encoding of the client's structs: `omitempty`
//     fields left out when empty, other nil pointers sent as null, nil slices as null) and
//     the answer fields its decoder reads: the client's client.go, project.go, environment.go,
//     organisation.go, models.go (the `json` tags and UnmarshalJSON) and errors.go (a 404 on
//     a get-by-uuid is "not found", which the provider reads as "removed outside Terraform");
//   - the acceptance scenarios (flagsmith/*_test.go): create → read → import by uuid (the
//     same attributes) → update → read, then destroy, whose CheckDestroy reads a 404.
// The client authenticates with an organisation API key (`Authorization: Api-Key <key>`).
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";

let s: Seeded;
let key: string;

/** A call as the Go client makes it: its headers, a JSON body when it has one. */
const tf = (path: string, method = "GET", body?: unknown) =>
  call(`/api/v1${path}`, {
    method,
    body,
    headers: { Authorization: `Api-Key ${key}`, Accept: "application/json" },
  });

/** resty's IsSuccess: a 2xx answer. */
function success(res: { status: number; text: string }, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the client's Project struct decodes, as the provider stores it. */
const projectFields = (p: any) => ({
  id: p.id,
  uuid: p.uuid,
  name: p.name,
  organisation: p.organisation,
  hide_disabled_flags: p.hide_disabled_flags,
  prevent_flag_defaults: p.prevent_flag_defaults,
  enable_realtime_updates: p.enable_realtime_updates,
});
const environmentFields = (e: any) => ({
  id: e.id,
  uuid: e.uuid,
  name: e.name,
  api_key: e.api_key,
  description: e.description ?? "",
  project: e.project,
  allow_client_traits: e.allow_client_traits,
  hide_sensitive_data: e.hide_sensitive_data,
  use_identity_composite_key_for_hashing: e.use_identity_composite_key_for_hashing,
});
/** Feature.UnmarshalJSON: owners and group owners as objects with an id, tags as ids. */
const featureFields = (f: any) => ({
  id: f.id,
  uuid: f.uuid,
  name: f.name,
  type: f.type,
  description: f.description,
  initial_value: f.initial_value,
  default_enabled: f.default_enabled,
  is_archived: f.is_archived,
  project: f.project,
  owners: (f.owners as { id: number }[]).map((o) => o.id),
  group_owners: (f.group_owners as { id: number }[]).map((g) => g.id),
  tags: f.tags,
});
/** FeatureState.UnmarshalJSON with the value as an object (the `/features/featurestates/` shape). */
const stateFields = (fs: any) => ({
  id: fs.id,
  uuid: fs.uuid,
  enabled: fs.enabled,
  feature: fs.feature,
  environment: fs.environment,
  feature_segment: fs.feature_segment ?? null,
  feature_state_value: {
    type: fs.feature_state_value.type,
    string_value: fs.feature_state_value.string_value,
    integer_value: fs.feature_state_value.integer_value,
    boolean_value: fs.feature_state_value.boolean_value,
  },
});
const segmentFields = (sg: any) => ({
  id: sg.id,
  uuid: sg.uuid,
  name: sg.name,
  description: sg.description,
  project: sg.project,
  feature: sg.feature ?? null,
  rules: sg.rules.map(function rule(r: any): any {
    return {
      type: r.type,
      rules: (r.rules ?? []).map(rule),
      conditions: (r.conditions ?? []).map((c: any) => ({
        operator: c.operator,
        property: c.property,
        value: c.value,
      })),
    };
  }),
});
const tagFields = (t: any) => ({
  id: t.id,
  uuid: t.uuid,
  label: t.label,
  color: t.color,
  description: t.description,
  project: t.project,
});
const optionFields = (o: any) => ({
  id: o.id,
  uuid: o.uuid,
  type: o.type,
  feature: o.feature,
  string_value: o.string_value,
  integer_value: o.integer_value,
  boolean_value: o.boolean_value,
  default_percentage_allocation: o.default_percentage_allocation,
});

/** GetProject / getProjectID: the project by uuid (every resource that names project_uuid). */
async function projectByUuid(uuid: string) {
  const res = await tf(`/projects/get-by-uuid/${uuid}/`);
  success(res, "GetProject");
  return res.body;
}

/** Client GetFeature: by uuid, then the project by id for its uuid. */
async function getFeature(uuid: string) {
  const res = await tf(`/features/get-by-uuid/${uuid}/`);
  if (res.status === 404) return null;
  success(res, "GetFeature");
  expect(typeof res.body.project).toBe("number");
  const project = await tf(`/projects/${res.body.project}/`);
  success(project, "GetProjectByID");
  return { feature: res.body, projectUuid: project.body.uuid as string };
}

/** Client GetFeatureState: by uuid, then the feature segment (segment and priority) if any. */
async function getFeatureState(uuid: string) {
  const res = await tf(`/features/featurestates/get-by-uuid/${uuid}/`);
  if (res.status === 404) return null;
  success(res, "GetFeatureState");
  let segment: { segment: number; priority: number } | null = null;
  if (res.body.feature_segment !== null && res.body.feature_segment !== undefined) {
    expect(typeof res.body.feature_segment).toBe("number");
    const fseg = await tf(`/features/feature-segments/${res.body.feature_segment}/`);
    success(fseg, "GetFeatureSegmentByID");
    expect(fseg.body).toMatchObject({
      id: res.body.feature_segment,
      segment: expect.any(Number),
      environment: expect.any(Number),
      priority: expect.any(Number),
    });
    segment = { segment: fseg.body.segment, priority: fseg.body.priority };
  }
  return { state: res.body, segment };
}

beforeAll(async () => {
  s = await seed();
  const created = await call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
    token: s.token,
    body: { name: unique("terraform"), is_admin: true },
  });
  expect(created.status).toBe(201);
  key = created.body.key;
});

describe("data sources", () => {
  it("flagsmith_organisation: reads the organisation by uuid (data_source_organisation.go)", async () => {
    const byId = await call(`/api/v1/organisations/${s.organisationId}/`, { token: s.token });
    const res = await tf(`/organisations/get-by-uuid/${byId.body.uuid}/`);
    success(res, "GetOrganisationByUUID");
    expect(res.body).toEqual(byId.body);
    expect(res.body).toMatchObject({
      id: s.organisationId,
      uuid: expect.stringMatching(UUID),
      name: expect.any(String),
      force_2fa: expect.any(Boolean),
      restrict_project_create_to_admin: expect.any(Boolean),
      persist_trait_data: expect.any(Boolean),
    });
    expect((await tf(`/organisations/get-by-uuid/${crypto.randomUUID()}/`)).status).toBe(404);
  });

  it("flagsmith_user: finds a member by email in the organisation's users (data_source_user.go)", async () => {
    const res = await tf(`/organisations/${s.organisationId}/users/`);
    success(res, "GetOrganisationUsers");
    const user = (res.body as any[]).find((u) => u.email === s.email);
    expect(user).toMatchObject({
      id: expect.any(Number),
      email: s.email,
      first_name: expect.any(String),
      last_name: expect.any(String),
      role: "ADMIN",
    });
  });
});

describe("flagsmith_project (resource_project.go, resource_project_test.go)", () => {
  it("creates, reads by uuid, imports, updates, deletes; then reads 404", async () => {
    const name = unique("tf-project");
    // Create: Project with its omitempty fields left out.
    const created = await tf("/projects/", "POST", { name, organisation: s.organisationId });
    success(created, "CreateProject");
    expect(created.body).toMatchObject({ id: expect.any(Number), uuid: expect.stringMatching(UUID), name });
    // Read (and import, which reads the same way by uuid): no diff.
    const read = await projectByUuid(created.body.uuid);
    expect(projectFields(read)).toEqual(projectFields(created.body));
    // Update: the whole struct back, with id and uuid.
    const updated = await tf(`/projects/${created.body.id}/`, "PUT", {
      id: created.body.id,
      uuid: created.body.uuid,
      name: `${name}-renamed`,
      organisation: s.organisationId,
      hide_disabled_flags: true,
    });
    success(updated, "UpdateProject");
    const reread = await projectByUuid(created.body.uuid);
    expect(projectFields(reread)).toEqual(projectFields(updated.body));
    expect(reread).toMatchObject({ name: `${name}-renamed`, hide_disabled_flags: true });
    // Delete; the destroy check reads 404.
    success(await tf(`/projects/${created.body.id}/`, "DELETE"), "DeleteProject");
    expect((await tf(`/projects/get-by-uuid/${created.body.uuid}/`)).status).toBe(404);
  });
});

describe("flagsmith_environment (resource_environment.go, resource_environment_test.go)", () => {
  it("creates, reads by uuid, imports, updates, deletes; then reads 404", async () => {
    const name = unique("tf-env");
    const created = await tf("/environments/", "POST", {
      name,
      description: "environment from terraform",
      project: s.projectId,
    });
    success(created, "CreateEnvironment");
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(UUID),
      api_key: expect.any(String),
      project: s.projectId,
    });
    const read = await tf(`/environments/get-by-uuid/${created.body.uuid}/`);
    success(read, "GetEnvironmentByUUID");
    expect(environmentFields(read.body)).toEqual(environmentFields(created.body));
    const updated = await tf(`/environments/${created.body.api_key}/`, "PUT", {
      id: created.body.id,
      uuid: created.body.uuid,
      name: `${name}-renamed`,
      api_key: created.body.api_key,
      description: "updated",
      project: s.projectId,
      hide_sensitive_data: true,
    });
    success(updated, "UpdateEnvironment");
    const reread = await tf(`/environments/get-by-uuid/${created.body.uuid}/`);
    expect(environmentFields(reread.body)).toEqual(environmentFields(updated.body));
    expect(reread.body).toMatchObject({ name: `${name}-renamed`, description: "updated" });
    success(await tf(`/environments/${created.body.api_key}/`, "DELETE"), "DeleteEnvironment");
    expect((await tf(`/environments/get-by-uuid/${created.body.uuid}/`)).status).toBe(404);
  });
});

describe("flagsmith_tag (resource_tag.go, resource_tag_test.go)", () => {
  it("creates, reads and imports by project_uuid,tag_uuid, updates, deletes; then reads 404", async () => {
    const project = await tf(`/projects/${s.projectId}/`);
    // Create: Tag{label, color, description (nil pointer: null), project}.
    const created = await tf(`/projects/${s.projectId}/tags/`, "POST", {
      label: unique("tf-tag"),
      description: null,
      color: "#3d4db6",
      project: s.projectId,
    });
    success(created, "CreateTag");
    const path = `/projects/${s.projectId}/tags/get-by-uuid/${created.body.uuid}/`;
    // GetTag(project_uuid, tag_uuid): the project by uuid first, then the tag.
    expect((await projectByUuid(project.body.uuid)).id).toBe(s.projectId);
    const read = await tf(path);
    success(read, "GetTag");
    expect(tagFields(read.body)).toEqual(tagFields(created.body));
    const updated = await tf(`/projects/${s.projectId}/tags/${created.body.id}/`, "PUT", {
      id: created.body.id,
      uuid: created.body.uuid,
      label: "renamed",
      description: "now described",
      color: "#ff0000",
      project: s.projectId,
    });
    success(updated, "UpdateTag");
    expect(tagFields((await tf(path)).body)).toEqual(tagFields(updated.body));
    success(await tf(`/projects/${s.projectId}/tags/${created.body.id}/`, "DELETE"), "DeleteTag");
    expect((await tf(path)).status).toBe(404);
  });
});

describe("flagsmith_feature (resource_feature.go, resource_feature_test.go)", () => {
  it("creates with tags and owners, reads and imports by uuid, updates owners, deletes; then 404", async () => {
    const project = await tf(`/projects/${s.projectId}/`);
    const me = await call("/api/v1/auth/users/me/", { token: s.token });
    const tag = await tf(`/projects/${s.projectId}/tags/`, "POST", { label: unique("t"), color: "#000000" });
    const group = await tf(`/organisations/${s.organisationId}/groups/`, "POST", { name: unique("g") });
    success(group, "group");
    const name = unique("tf_feature");
    // Create: ToClientFeature, then CreateFeature (project id from GetProject by uuid).
    expect((await projectByUuid(project.body.uuid)).id).toBe(s.projectId);
    const created = await tf(`/projects/${s.projectId}/features/`, "POST", {
      name,
      type: "STANDARD",
      description: "new feature description",
      tags: [tag.body.id],
      owners: [],
      group_owners: [],
      project: s.projectId,
    });
    success(created, "CreateFeature");
    expect(created.body).toMatchObject({ id: expect.any(Number), uuid: expect.stringMatching(UUID) });
    // Owners are set by their own calls once the feature exists.
    success(
      await tf(`/projects/${s.projectId}/features/${created.body.id}/add-owners/`, "POST", {
        user_ids: [me.body.id],
      }),
      "AddFeatureOwners",
    );
    success(
      await tf(`/projects/${s.projectId}/features/${created.body.id}/add-group-owners/`, "POST", {
        group_ids: [group.body.id],
      }),
      "AddFeatureGroupOwners",
    );
    // Read (and import, ImportStatePassthroughID on uuid): GetFeature by uuid.
    const read = await getFeature(created.body.uuid);
    expect(read!.projectUuid).toBe(project.body.uuid);
    const fields = featureFields(read!.feature);
    expect(fields).toMatchObject({
      name,
      description: "new feature description",
      default_enabled: false,
      is_archived: false,
      project: s.projectId,
      owners: [me.body.id],
      group_owners: [group.body.id],
      tags: [tag.body.id],
    });
    const imported = await getFeature(created.body.uuid);
    expect(featureFields(imported!.feature)).toEqual(fields);
    // Update: the feature PUT back whole, then owners removed by their own calls.
    const updated = await tf(`/projects/${s.projectId}/features/${created.body.id}/`, "PUT", {
      name,
      uuid: created.body.uuid,
      id: created.body.id,
      type: "STANDARD",
      description: "feature description updated",
      tags: [tag.body.id],
      owners: [me.body.id],
      group_owners: [group.body.id],
      project: s.projectId,
    });
    success(updated, "UpdateFeature");
    success(
      await tf(`/projects/${s.projectId}/features/${created.body.id}/remove-owners/`, "POST", {
        user_ids: [me.body.id],
      }),
      "RemoveFeatureOwners",
    );
    success(
      await tf(`/projects/${s.projectId}/features/${created.body.id}/remove-group-owners/`, "POST", {
        group_ids: [group.body.id],
      }),
      "RemoveFeatureGroupOwners",
    );
    const reread = await getFeature(created.body.uuid);
    expect(featureFields(reread!.feature)).toMatchObject({
      description: "feature description updated",
      owners: [],
      group_owners: [],
      tags: [tag.body.id],
    });
    success(await tf(`/projects/${s.projectId}/features/${created.body.id}/`, "DELETE"), "DeleteFeature");
    expect(await getFeature(created.body.uuid)).toBeNull();
  });
});

describe("flagsmith_multivariate_option (resource_multivariate_option.go and its test)", () => {
  it("creates, reads and imports by feature_uuid,mv_option_uuid, updates, deletes; then 404", async () => {
    const feature = await tf(`/projects/${s.projectId}/features/`, "POST", {
      name: unique("tf_mv"),
      type: "MULTIVARIATE",
      tags: [],
      project: s.projectId,
    });
    success(feature, "CreateFeature");
    // CreateFeatureMVOption: feature and project ids from GetFeature by uuid.
    const owner = await getFeature(feature.body.uuid);
    const base = `/projects/${owner!.feature.project}/features/${owner!.feature.id}/mv-options/`;
    const created = await tf(base, "POST", {
      type: "unicode",
      feature: feature.body.id,
      string_value: "option_value_1",
      default_percentage_allocation: 60,
    });
    success(created, "CreateFeatureMVOption");
    // GetFeatureMVOption: the option by uuid, then the feature by uuid.
    const path = `/multivariate/options/get-by-uuid/${created.body.uuid}/`;
    const read = await tf(path);
    success(read, "GetFeatureMVOption");
    expect(await getFeature(feature.body.uuid)).not.toBeNull();
    expect(optionFields(read.body)).toEqual(optionFields(created.body));
    expect(read.body).toMatchObject({
      type: "unicode",
      feature: feature.body.id,
      string_value: "option_value_1",
      default_percentage_allocation: 60,
    });
    const updated = await tf(`${base}${created.body.id}/`, "PUT", {
      id: created.body.id,
      type: "unicode",
      uuid: created.body.uuid,
      feature: feature.body.id,
      string_value: "option_value_2",
      default_percentage_allocation: 40,
    });
    success(updated, "UpdateFeatureMVOption");
    const reread = await tf(path);
    expect(optionFields(reread.body)).toEqual(optionFields(updated.body));
    expect(reread.body).toMatchObject({ string_value: "option_value_2", default_percentage_allocation: 40 });
    success(await tf(`${base}${created.body.id}/`, "DELETE"), "DeleteFeatureMVOption");
    expect((await tf(path)).status).toBe(404);
  });
});

const RULES = (value: string) => [
  {
    type: "ALL",
    rules: [
      {
        type: "ANY",
        conditions: [{ operator: "EQUAL", property: "device_type", value }],
      },
    ],
  },
];

describe("flagsmith_segment (resource_segment.go, resource_segment_test.go)", () => {
  it("creates, reads and imports by uuid, updates the rules, deletes; then 404", async () => {
    const project = await tf(`/projects/${s.projectId}/`);
    const name = unique("tf_segment");
    expect((await projectByUuid(project.body.uuid)).id).toBe(s.projectId);
    // Segment{name, description (null), project, rules}: feature left out (omitempty).
    const created = await tf(`/projects/${s.projectId}/segments/`, "POST", {
      name,
      description: null,
      project: s.projectId,
      rules: RULES("mobile"),
    });
    success(created, "CreateSegment");
    const path = `/segments/get-by-uuid/${created.body.uuid}/`;
    const read = await tf(path);
    success(read, "GetSegment");
    expect(segmentFields(read.body)).toEqual(segmentFields(created.body));
    expect(segmentFields(read.body).rules).toEqual([
      {
        type: "ALL",
        rules: [
          {
            type: "ANY",
            rules: [],
            conditions: [{ operator: "EQUAL", property: "device_type", value: "mobile" }],
          },
        ],
        conditions: [],
      },
    ]);
    // GetSegment also reads the project by id for its uuid.
    expect((await tf(`/projects/${read.body.project}/`)).body.uuid).toBe(project.body.uuid);
    const updated = await tf(`/projects/${s.projectId}/segments/${created.body.id}/`, "PUT", {
      id: created.body.id,
      uuid: created.body.uuid,
      name,
      description: "segment description",
      project: s.projectId,
      rules: RULES("desktop"),
    });
    success(updated, "UpdateSegment");
    const reread = await tf(path);
    expect(segmentFields(reread.body)).toEqual(segmentFields(updated.body));
    expect(reread.body.description).toBe("segment description");
    success(await tf(`/projects/${s.projectId}/segments/${created.body.id}/`, "DELETE"), "DeleteSegment");
    expect((await tf(path)).status).toBe(404);
  });
});

describe("flagsmith_feature_state (resource_feature_state.go, resource_feature_state_test.go)", () => {
  it("environment default: reads by ?feature=, updates by PUT, reads and imports by uuid", async () => {
    const feature = await tf(`/projects/${s.projectId}/features/`, "POST", {
      name: unique("tf_fs"),
      type: "STANDARD",
      tags: [],
      project: s.projectId,
    });
    success(feature, "CreateFeature");
    // Create = Read by environment and feature, then Update.
    const list = await tf(`/environments/${s.envKey}/featurestates/?feature=${feature.body.id}`);
    success(list, "GetEnvironmentFeatureState");
    expect(list.body.results).toHaveLength(1);
    const [current] = list.body.results;
    expect(current).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(UUID),
      feature: feature.body.id,
      environment: s.environmentId,
      enabled: false,
    });
    const put = (value: string, enabled: boolean) =>
      tf(`/features/featurestates/${current.id}/`, "PUT", {
        id: current.id,
        uuid: current.uuid,
        feature_state_value: {
          type: "unicode",
          string_value: value,
          integer_value: null,
          boolean_value: null,
        },
        enabled,
        feature: feature.body.id,
        environment: s.environmentId,
      });
    const updated = await put("one", true);
    success(updated, "UpdateFeatureState");
    expect(stateFields(updated.body)).toMatchObject({
      id: current.id,
      uuid: current.uuid,
      enabled: true,
      feature: feature.body.id,
      environment: s.environmentId,
      feature_segment: null,
      feature_state_value: { type: "unicode", string_value: "one" },
    });
    // Read by uuid (also what ImportState's `environment,feature_state_uuid` reads): no diff.
    const read = await getFeatureState(current.uuid);
    expect(read!.segment).toBeNull();
    expect(stateFields(read!.state)).toEqual(stateFields(updated.body));
    // The test's second step: value two, disabled.
    success(await put("two", false), "UpdateFeatureState");
    const reread = await getFeatureState(current.uuid);
    expect(stateFields(reread!.state)).toMatchObject({
      enabled: false,
      feature_state_value: { type: "unicode", string_value: "two" },
    });
    // An integer value decodes as the client's int.
    const asInt = await tf(`/features/featurestates/${current.id}/`, "PUT", {
      id: current.id,
      feature_state_value: { type: "int", string_value: null, integer_value: 42, boolean_value: null },
      enabled: true,
      feature: feature.body.id,
      environment: s.environmentId,
    });
    success(asInt, "UpdateFeatureState");
    expect(stateFields((await getFeatureState(current.uuid))!.state).feature_state_value).toEqual({
      type: "int",
      string_value: null,
      integer_value: 42,
      boolean_value: null,
    });
  });

  it("segment override: feature segment then state, reads by uuid with its priority, updates, deletes", async () => {
    const feature = await tf(`/projects/${s.projectId}/features/`, "POST", {
      name: unique("tf_override"),
      type: "STANDARD",
      description: "feature created for terraform segment override test",
      tags: [],
      project: s.projectId,
    });
    const segment = await tf(`/projects/${s.projectId}/segments/`, "POST", {
      name: unique("test_segment"),
      description: null,
      project: s.projectId,
      rules: RULES("mobile"),
    });
    // CreateSegmentOverride: the environment by key, a feature segment, then the state.
    const environment = await tf(`/environments/${s.envKey}/`);
    success(environment, "GetEnvironment");
    const fseg = await tf("/features/feature-segments/", "POST", {
      feature: feature.body.id,
      segment: segment.body.id,
      environment: environment.body.id,
      priority: 0,
    });
    success(fseg, "CreateFeatureSegment");
    expect(fseg.body).toMatchObject({ id: expect.any(Number), priority: 0 });
    const fsegId: number = fseg.body.id;
    const created = await tf("/features/featurestates/", "POST", {
      feature_state_value: { type: "unicode", string_value: "one", integer_value: null, boolean_value: null },
      enabled: true,
      feature: feature.body.id,
      environment: environment.body.id,
      feature_segment: fsegId,
    });
    success(created, "CreateSegmentOverride");
    expect(stateFields(created.body)).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(UUID),
      enabled: true,
      feature_segment: fsegId,
      feature_state_value: { type: "unicode", string_value: "one" },
    });
    // Read and import by uuid: the state, then its feature segment's segment and priority.
    const read = await getFeatureState(created.body.uuid);
    expect(stateFields(read!.state)).toEqual(stateFields(created.body));
    expect(read!.segment).toEqual({ segment: segment.body.id, priority: 0 });
    // Update: value two, disabled, priority 2 (the test's last step), with two more overrides.
    for (const value of ["tv", "watch"]) {
      const more = await tf(`/projects/${s.projectId}/segments/`, "POST", {
        name: unique(`segment_${value}`),
        project: s.projectId,
        rules: RULES(value),
      });
      success(
        await tf("/features/feature-segments/", "POST", {
          feature: feature.body.id,
          segment: more.body.id,
          environment: environment.body.id,
          priority: 0,
        }),
        "CreateFeatureSegment",
      );
    }
    const updated = await tf(`/features/featurestates/${created.body.id}/`, "PUT", {
      id: created.body.id,
      uuid: created.body.uuid,
      feature_state_value: { type: "unicode", string_value: "two", integer_value: null, boolean_value: null },
      enabled: false,
      feature: feature.body.id,
      environment: environment.body.id,
      feature_segment: fsegId,
    });
    success(updated, "UpdateFeatureState");
    success(
      await tf("/features/feature-segments/update-priorities/", "POST", [{ priority: 2, id: fsegId }]),
      "UpdateFeatureSegmentPriority",
    );
    const reread = await getFeatureState(created.body.uuid);
    expect(stateFields(reread!.state)).toMatchObject({
      enabled: false,
      feature_state_value: { type: "unicode", string_value: "two" },
    });
    expect(reread!.segment).toEqual({ segment: segment.body.id, priority: 2 });
    // Delete: the feature segment (its state goes with it); the state then reads 404.
    success(await tf(`/features/feature-segments/${fsegId}/`, "DELETE"), "DeleteFeatureSegment");
    expect(await getFeatureState(created.body.uuid)).toBeNull();
  });
});

describe("the lookups answer another organisation's uuids as missing ones", () => {
  it("404 with the same body for a foreign and an unknown uuid of each kind", async () => {
    const other = await seed();
    const feature = await call(`/api/v1/projects/${other.projectId}/features/`, {
      token: other.token,
      body: { name: unique("foreign") },
    });
    const segment = await call(`/api/v1/projects/${other.projectId}/segments/`, {
      token: other.token,
      body: { name: unique("foreign"), rules: RULES("x") },
    });
    const org = await call(`/api/v1/organisations/${other.organisationId}/`, { token: other.token });
    const project = await call(`/api/v1/projects/${other.projectId}/`, { token: other.token });
    const env = await call(`/api/v1/environments/${other.envKey}/`, { token: other.token });
    const states = await call(`/api/v1/environments/${other.envKey}/featurestates/`, { token: other.token });
    const foreign = [
      `/organisations/get-by-uuid/${org.body.uuid}/`,
      `/projects/get-by-uuid/${project.body.uuid}/`,
      `/environments/get-by-uuid/${env.body.uuid}/`,
      `/features/get-by-uuid/${feature.body.uuid}/`,
      `/segments/get-by-uuid/${segment.body.uuid}/`,
      `/features/featurestates/get-by-uuid/${states.body.results[0].uuid}/`,
    ];
    const missing = await tf(`/features/get-by-uuid/${crypto.randomUUID()}/`);
    expect(missing.status).toBe(404);
    for (const path of foreign) {
      const res = await tf(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: missing.body });
    }
  });
});
