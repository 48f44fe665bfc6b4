// Replay of Flagsmith's collect-code-references workflow against a real Ensign server.
// Tool: Flagsmith/ci, commit 798bf7349e0592e1dfb9ceeab6313b31d32d1762
// (`.github/workflows/collect-code-references.yml`), calls read from
// `src/code_references/fetch.py` (commit 6888d9e81b440e008cd5bf6380f8584b26febf8e) and
// `src/code_references/upload.py` (commit 798bf7349e0592e1dfb9ceeab6313b31d32d1762):
//   1. GET  {api_url}/api/v1/projects/{project_id}/features/?page_size=1000, `Authorization: Api-Key <key>`;
//      the tool reads `results[].name`, raising on a non-2xx status.
//   2. POST {api_url}/api/v1/projects/{project_id}/code-references/, same header, body
//      `{repository_url, revision, code_references: [{file_path, line_number, feature_name}]}`
//      (no vcs_provider: the server's default, github); raising on a non-2xx status.
// Then what Flagsmith's dashboard and MCP server read back: the per-feature references with
// permalinks, `code_references_counts` in the features list, and the lifecycle counts.
import { describe, expect, it } from "vitest";
import { call, seed } from "../support/api";
import { createFeature } from "../support/fixtures";

const withKey = (key: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { ...init, headers: { Authorization: `Api-Key ${key}` } });

describe("Flagsmith/ci collect-code-references, replayed", () => {
  it("fetches the feature names, uploads a scan, and the references read back", async () => {
    const s = await seed();
    const used = await createFeature(s, { name: "checkout_v2" });
    const unused = await createFeature(s, { name: "old_banner" });
    const keyRes = await call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
      token: s.token,
      body: { name: "ci" },
    });
    expect(keyRes.status).toBe(201);
    const key = keyRes.body.key as string;

    // fetch-feature-names
    const fetched = await withKey(key, `/api/v1/projects/${s.projectId}/features/?page_size=1000`);
    expect(fetched.status).toBe(200);
    const featureNames = (fetched.body.results as { name: string }[]).map((f) => f.name);
    expect(featureNames.sort()).toEqual(["checkout_v2", "old_banner"]);

    // scan-code-references found one of them twice (and a name the project does not have)
    const codeReferences = [
      { file_path: "src/checkout.ts", line_number: 12, feature_name: "checkout_v2" },
      { file_path: "src/cart/summary.tsx", line_number: 40, feature_name: "checkout_v2" },
    ];
    const repositoryUrl = "https://github.com/acme/shop";
    const revision = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567";
    const uploaded = await withKey(key, `/api/v1/projects/${s.projectId}/code-references/`, {
      body: { repository_url: repositoryUrl, revision, code_references: codeReferences },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      project: s.projectId,
      repository_url: repositoryUrl,
      vcs_provider: "github",
      revision,
      code_references: codeReferences,
    });

    // the per-feature read (Flagsmith's get_feature_code_references)
    const refs = await withKey(key, `/api/v1/projects/${s.projectId}/features/${used.id}/code-references/`);
    expect(refs.status).toBe(200);
    expect(refs.body).toEqual([
      {
        repository_url: repositoryUrl,
        vcs_provider: "github",
        revision,
        last_successful_repository_scanned_at: uploaded.body.created_at,
        last_feature_found_at: uploaded.body.created_at,
        code_references: [
          {
            feature_name: "checkout_v2",
            file_path: "src/checkout.ts",
            line_number: 12,
            permalink: `${repositoryUrl}/blob/${revision}/src/checkout.ts#L12`,
          },
          {
            feature_name: "checkout_v2",
            file_path: "src/cart/summary.tsx",
            line_number: 40,
            permalink: `${repositoryUrl}/blob/${revision}/src/cart/summary.tsx#L40`,
          },
        ],
      },
    ]);

    // the counts in the features list
    const listed = await withKey(key, `/api/v1/projects/${s.projectId}/features/?page_size=1000`);
    const byName = new Map((listed.body.results as any[]).map((f) => [f.name, f]));
    expect(byName.get("checkout_v2").code_references_counts).toEqual([
      {
        repository_url: repositoryUrl,
        count: 2,
        last_successful_repository_scanned_at: uploaded.body.created_at,
        last_feature_found_at: uploaded.body.created_at,
      },
    ]);
    expect(byName.get("old_banner").code_references_counts).toEqual([]);
    expect(unused.id).toBe(byName.get("old_banner").id);

    // lifecycle counts of the environment, by its numeric id as Flagsmith's path takes it
    const counts = await withKey(key, `/api/v1/environments/${s.environmentId}/feature-lifecycle-counts/`);
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({
      new: 1,
      live: 1,
      stale: 0,
      permanent: 0,
      needs_monitoring: 0,
      to_remove: 0,
    });
  });
});
