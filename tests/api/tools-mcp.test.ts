// Replay of Flagsmith's MCP server (the `mcp/` folder of Flagsmith/flagsmith, package
// flagsmith-mcp 0.1.0, commit 1ad8487ba7aabedd3cdfbcf3e7d772784d3e1aae) against a real Ensign
// server. The server is FastMCP.from_openapi over mcp/src/flagsmith_mcp/openapi.json: every
// operation tagged `mcp` is a tool that sends one HTTP call, with the caller's forwarded
// Authorization or `Api-Key <key>` (mcp/src/flagsmith_mcp/auth.py, server.py). Each test is
// one tool: its method and path from openapi.json, and what its response schema names.
//
// The catalogue (docs/docs/integrating-with-flagsmith/_mcp-tool-catalogue*.md), 53 tools:
// supported and replayed here (33):
//   list_organizations, list_projects_in_organization, get_project, update_project,
//   list_environments, list_project_environments, list_organization_groups,
//   list_organization_invites, create_organization_invite, list_project_features,
//   create_feature, get_feature_flag, update_feature, list_feature_multivariate_options,
//   create_feature_multivariate_option, update_feature_multivariate_option,
//   delete_feature_multivariate_option, list_project_segments, create_project_segment,
//   get_project_segment, update_project_segment, create_segment_override,
//   list_feature_segments, update_feature_state, update_environment_feature_state,
//   delete_feature_segment, get_environment_feature_versions (by environment key and by the
//   integer id), get_feature_code_references, get_feature_evaluation_data,
//   get_feature_lifecycle_counts, create_environment_feature_change_request,
//   list_environment_change_requests, list_project_change_requests
// not supported (and why):
//   - v2 feature versioning (create/publish_environment_feature_version, *_version_state[s]):
//     Ensign has no v2 versioning, environments answer use_v2_feature_versioning: false, and the
//     catalogue says these tools apply only where it is true.
//   - experiments and metrics (list/create/get/update_experiment, get_experiment_exposures,
//     get_experiment_results, list/create/get/update_metric): not an Ensign feature.
//   - release pipelines (list_project_release_pipelines, get_release_pipeline,
//     add_feature_to_release_pipeline), roles (list_organization_roles), feature health
//     (get_feature_health_events), external resources (get_feature_external_resources):
//     Flagsmith enterprise features Ensign does not have.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { equalsRules } from "../support/fixtures";

let s: Seeded & { key: string };
const ids: Record<string, number> = {};

/** One tool call: the HTTP request FastMCP makes for it, with the MCP server's API key. */
async function tool(method: string, path: string, body?: unknown) {
  const res = await call(path, { method, body, headers: { Authorization: `Api-Key ${s.key}` } });
  return res;
}

beforeAll(async () => {
  const base = await seed();
  const key = await call(`/api/v1/organisations/${base.organisationId}/master-api-keys/`, {
    token: base.token,
    body: { name: "mcp" },
  });
  expect(key.status, key.text).toBe(201);
  s = { ...base, key: key.body.key };
});

describe("Flagsmith MCP server tools, in catalogue order of a session", () => {
  it("list_organizations: GET /api/v1/organisations/", async () => {
    const res = await tool("GET", "/api/v1/organisations/");
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ id: s.organisationId, name: expect.any(String) }),
    ]);
  });

  it("list_projects_in_organization: GET /api/v1/organisations/{id}/projects/", async () => {
    const res = await tool("GET", `/api/v1/organisations/${s.organisationId}/projects/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: s.projectId, name: expect.any(String), organisation: s.organisationId }),
    ]);
  });

  it("get_project: GET /api/v1/projects/{id}/", async () => {
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.projectId,
      uuid: expect.any(String),
      organisation: s.organisationId,
    });
  });

  it("update_project: PUT /api/v1/projects/{id}/ (name required)", async () => {
    const name = unique("mcp-project");
    const res = await tool("PUT", `/api/v1/projects/${s.projectId}/`, { name, hide_disabled_flags: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: s.projectId, name });
  });

  it("list_environments: GET /api/v1/environments/?project=", async () => {
    const res = await tool("GET", `/api/v1/environments/?project=${s.projectId}`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ id: s.environmentId, api_key: s.envKey })]);
  });

  it("list_project_environments: GET /api/v1/projects/{id}/environments/", async () => {
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/environments/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: s.environmentId,
        name: "Development",
        api_key: s.envKey,
        project: s.projectId,
      }),
    ]);
  });

  it("list_organization_groups: GET /api/v1/organisations/{organisation_pk}/groups/", async () => {
    const res = await tool("GET", `/api/v1/organisations/${s.organisationId}/groups/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
  });

  it("create_organization_invite: POST /api/v1/organisations/{organisation_pk}/invites/", async () => {
    const email = `${unique("invitee")}@example.com`;
    const res = await tool("POST", `/api/v1/organisations/${s.organisationId}/invites/`, {
      email,
      role: "USER",
      permission_groups: [],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      email,
      role: "USER",
      date_created: expect.any(String),
      permission_groups: [],
    });
    ids.invite = res.body.id;
  });

  it("list_organization_invites: GET /api/v1/organisations/{organisation_pk}/invites/", async () => {
    const res = await tool("GET", `/api/v1/organisations/${s.organisationId}/invites/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: ids.invite, email: expect.any(String) })]);
  });

  it("create_feature: POST /api/v1/projects/{project_pk}/features/", async () => {
    const res = await tool("POST", `/api/v1/projects/${s.projectId}/features/`, {
      name: unique("mcp_feature"),
      initial_value: "a",
      default_enabled: false,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: expect.any(String), type: "STANDARD" });
    ids.feature = res.body.id;
  });

  it("list_project_features: GET /api/v1/projects/{project_pk}/features/?environment=", async () => {
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/features/?environment=${s.environmentId}`);
    expect(res.status).toBe(200);
    const feature = res.body.results.find((f: any) => f.id === ids.feature);
    expect(feature).toMatchObject({
      num_segment_overrides: 0,
      environment_feature_state: expect.any(Object),
    });
    expect(feature.environment_feature_state).toMatchObject({ id: expect.any(Number), enabled: false });
    ids.state = feature.environment_feature_state.id;
  });

  it("get_feature_flag: GET /api/v1/projects/{project_pk}/features/{id}/", async () => {
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/features/${ids.feature}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.feature, project: s.projectId, multivariate_options: [] });
  });

  it("update_feature: PUT /api/v1/projects/{project_pk}/features/{id}/", async () => {
    const current = await tool("GET", `/api/v1/projects/${s.projectId}/features/${ids.feature}/`);
    const res = await tool("PUT", `/api/v1/projects/${s.projectId}/features/${ids.feature}/`, {
      name: current.body.name,
      description: "from the MCP server",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: ids.feature, description: "from the MCP server" });
  });

  it("create/list/update/delete_feature_multivariate_option: .../features/{feature_pk}/mv-options/", async () => {
    const base = `/api/v1/projects/${s.projectId}/features/${ids.feature}/mv-options/`;
    const created = await tool("POST", base, {
      type: "unicode",
      string_value: "b",
      default_percentage_allocation: 40,
      feature: ids.feature,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      string_value: "b",
      default_percentage_allocation: 40,
    });
    const list = await tool("GET", base);
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([expect.objectContaining({ id: created.body.id })]);
    const updated = await tool("PUT", `${base}${created.body.id}/`, {
      type: "unicode",
      string_value: "c",
      default_percentage_allocation: 50,
      feature: ids.feature,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      string_value: "c",
      default_percentage_allocation: 50,
    });
    const deleted = await tool("DELETE", `${base}${created.body.id}/`);
    expect(deleted.status).toBe(204);
  });

  it("create/get/update/list_project_segment: /api/v1/projects/{project_pk}/segments/", async () => {
    const created = await tool("POST", `/api/v1/projects/${s.projectId}/segments/`, {
      name: unique("mcp_segment"),
      project: s.projectId,
      rules: equalsRules(),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), rules: expect.any(Array) });
    ids.segment = created.body.id;
    const got = await tool("GET", `/api/v1/projects/${s.projectId}/segments/${ids.segment}/`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: ids.segment, project: s.projectId });
    const updated = await tool("PUT", `/api/v1/projects/${s.projectId}/segments/${ids.segment}/`, {
      name: got.body.name,
      project: s.projectId,
      rules: equalsRules("plan", "enterprise"),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(JSON.stringify(updated.body.rules)).toContain("enterprise");
    const list = await tool("GET", `/api/v1/projects/${s.projectId}/segments/`);
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([expect.objectContaining({ id: ids.segment })]);
  });

  it("create_segment_override: POST /api/v1/environments/{key}/features/{feature_pk}/create-segment-override/", async () => {
    const res = await tool(
      "POST",
      `/api/v1/environments/${s.envKey}/features/${ids.feature}/create-segment-override/`,
      {
        feature_segment: { segment: ids.segment },
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "for segment" },
      },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      enabled: true,
      feature_segment: expect.anything(),
    });
    ids.overrideState = res.body.id;
  });

  it("list_feature_segments: GET /api/v1/features/feature-segments/?environment=&feature=", async () => {
    const res = await tool(
      "GET",
      `/api/v1/features/feature-segments/?environment=${s.environmentId}&feature=${ids.feature}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ id: expect.any(Number), segment: ids.segment, priority: 0 }),
    ]);
    ids.featureSegment = res.body.results[0].id;
  });

  it("update_feature_state: PUT /api/v1/features/featurestates/{id}/ (a segment override's value)", async () => {
    const res = await tool("PUT", `/api/v1/features/featurestates/${ids.overrideState}/`, {
      feature: ids.feature,
      environment: s.environmentId,
      enabled: false,
      feature_state_value: "changed",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: ids.overrideState, enabled: false });
  });

  it("update_environment_feature_state: PUT /api/v1/environments/{key}/featurestates/{id}/", async () => {
    const res = await tool("PUT", `/api/v1/environments/${s.envKey}/featurestates/${ids.state}/`, {
      feature: ids.feature,
      enabled: true,
      feature_state_value: "on",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: ids.state, enabled: true });
    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    expect(flags.body.find((f: any) => f.feature.id === ids.feature)).toMatchObject({
      enabled: true,
      feature_state_value: "on",
    });
  });

  it("get_environment_feature_versions: GET /api/v1/environments/{key}/features/{feature_pk}/versions/", async () => {
    const res = await tool("GET", `/api/v1/environments/${s.envKey}/features/${ids.feature}/versions/`);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results[0]).toMatchObject({ uuid: expect.any(String) });
  });

  it("delete_feature_segment: DELETE /api/v1/features/feature-segments/{id}/", async () => {
    const res = await tool("DELETE", `/api/v1/features/feature-segments/${ids.featureSegment}/`);
    expect(res.status).toBe(204);
    const list = await tool(
      "GET",
      `/api/v1/features/feature-segments/?environment=${s.environmentId}&feature=${ids.feature}`,
    );
    expect(list.body.results).toEqual([]);
  });
});

// The tools whose routes came with code references (issue 27 item 5), integer environment ids
// (item 4) and change requests (issue 29); paths, parameters and required fields from the same
// mcp/src/flagsmith_mcp/openapi.json.
describe("Flagsmith MCP server tools: versions by id, code references, evaluations, lifecycle, change requests", () => {
  it("get_environment_feature_versions by the integer environment id", async () => {
    const res = await tool(
      "GET",
      `/api/v1/environments/${s.environmentId}/features/${ids.feature}/versions/`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results[0]).toMatchObject({ uuid: expect.any(String) });
  });

  it("get_feature_code_references: GET /api/v1/projects/{project_pk}/features/{feature_pk}/code-references/", async () => {
    const feature = await tool("GET", `/api/v1/projects/${s.projectId}/features/${ids.feature}/`);
    const upload = await tool("POST", `/api/v1/projects/${s.projectId}/code-references/`, {
      repository_url: "https://github.com/acme/mcp",
      vcs_provider: "github",
      revision: "abc123",
      code_references: [{ feature_name: feature.body.name, file_path: "src/app.ts", line_number: 7 }],
    });
    expect(upload.status, upload.text).toBe(201);
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/features/${ids.feature}/code-references/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        repository_url: "https://github.com/acme/mcp",
        vcs_provider: "github",
        revision: "abc123",
        last_successful_repository_scanned_at: expect.any(String),
        last_feature_found_at: expect.any(String),
        code_references: [expect.objectContaining({ file_path: "src/app.ts", line_number: 7 })],
      }),
    ]);
  });

  it("get_feature_evaluation_data: GET /api/v1/projects/{project_pk}/features/{id}/evaluation-data/", async () => {
    const feature = await tool("GET", `/api/v1/projects/${s.projectId}/features/${ids.feature}/`);
    const sent = await call("/api/v1/analytics/flags/", {
      envKey: s.envKey,
      body: { [feature.body.name]: 5 },
    });
    expect(sent.status).toBe(200);
    const res = await tool(
      "GET",
      `/api/v1/projects/${s.projectId}/features/${ids.feature}/evaluation-data/?environment_id=${s.environmentId}&period=7`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([{ day: expect.any(String), count: 5, labels: expect.any(Object) }]);
  });

  it("get_feature_lifecycle_counts: GET /api/v1/environments/{environment_pk}/feature-lifecycle-counts/", async () => {
    const res = await tool("GET", `/api/v1/environments/${s.environmentId}/feature-lifecycle-counts/`);
    expect(res.status, res.text).toBe(200);
    for (const key of ["new", "live", "stale", "permanent", "needs_monitoring", "to_remove"]) {
      expect(res.body[key], key).toEqual(expect.any(Number));
    }
  });

  it("create_environment_feature_change_request: POST /api/v1/environments/{key}/create-change-request/", async () => {
    const res = await tool("POST", `/api/v1/environments/${s.envKey}/create-change-request/`, {
      title: "Turn it off",
      description: "via MCP",
      feature_states: [{ feature: ids.feature, enabled: false }],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      title: "Turn it off",
      feature_states: [expect.objectContaining({ feature: ids.feature, enabled: false })],
      committed_at: null,
      approvals: expect.any(Array),
      group_assignments: expect.any(Array),
    });
    ids.changeRequest = res.body.id;
  });

  it("list_environment_change_requests: GET /api/v1/environments/{key}/list-change-requests/", async () => {
    const res = await tool(
      "GET",
      `/api/v1/environments/${s.envKey}/list-change-requests/?committed=false&feature_id=${ids.feature}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        id: ids.changeRequest,
        title: "Turn it off",
        created_at: expect.any(String),
        updated_at: expect.any(String),
        committed_at: null,
        committed_by: null,
      }),
    ]);
  });

  it("list_project_change_requests: GET /api/v1/projects/{project_pk}/change-requests/", async () => {
    const res = await tool("GET", `/api/v1/projects/${s.projectId}/change-requests/?committed=false`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ count: 0, results: [] });
  });
});
