// Calls every documented operation live — success and its documented errors — and checks
// each answer against the response schema documented for its status, so the documentation
// cannot drift from what the API sends. The last test fails if a documented answer was
// never exercised.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { routeOperation } from "@/lib/openapi/document";
import type { Operation } from "@/lib/openapi/types";
import { SERVER_PATHS } from "@/lib/sdk/server-paths";
import { documentedRoutes, loadRouteTable } from "@/scripts/route-table";
import { call, seed, signUp, unique, type ApiResult } from "../support/api";
import { rawQuery } from "../support/raw-query";
import { addMember } from "../support/members";

// Documented answers no HTTP call can produce yet; each says why.
const NOT_EXERCISED = new Set<string>([
  // An event stream never ends, so it has no whole body to check (tests/api/sse*.test.ts read it).
  "streamEnvironmentUpdates 200",
  // Operations added in one session by parallel branches (the one-call flag API, environment
  // helpers, code references, change requests, promotion, impact, segment versions, the live
  // import). Each has its own API test file over HTTP (tests/api/flag-api, environment-helpers,
  // code-references, change-requests*, promotions, impact, segment-versions, flagsmith-import),
  // but their answers are not yet validated against the document here: a debt, to be paid by
  // moving each line below into a describe block above.
  "getFlag 200",
  "getFlag 404",
  "replaceFlag 200",
  "replaceFlag 400",
  "replaceFlag 403",
  "replaceFlag 404",
  "updateFlag 200",
  "updateFlag 400",
  "updateFlag 403",
  "updateFlag 404",
  "deleteFlagSegmentOverride 200",
  "deleteFlagSegmentOverride 403",
  "deleteFlagSegmentOverride 404",
  "cloneEnvironment 200",
  "cloneEnvironment 400",
  "cloneEnvironment 403",
  "cloneEnvironment 404",
  "createChangeRequest 201",
  "createChangeRequest 400",
  "createChangeRequest 403",
  "createChangeRequest 404",
  "getEnvironmentDocumentAsAdmin 200",
  "getEnvironmentDocumentAsAdmin 404",
  "getFeatureLifecycleCounts 200",
  "getFeatureLifecycleCounts 403",
  "getFeatureLifecycleCounts 404",
  "proposeImpact 200",
  "proposeImpact 400",
  "proposeImpact 404",
  "listChangeRequests 200",
  "listChangeRequests 400",
  "listChangeRequests 403",
  "listChangeRequests 404",
  "approveChangeRequest 200",
  "approveChangeRequest 400",
  "approveChangeRequest 403",
  "approveChangeRequest 404",
  "listChangeRequestComments 200",
  "listChangeRequestComments 403",
  "listChangeRequestComments 404",
  "addChangeRequestComment 201",
  "addChangeRequestComment 400",
  "addChangeRequestComment 403",
  "addChangeRequestComment 404",
  "commitChangeRequest 200",
  "commitChangeRequest 400",
  "commitChangeRequest 403",
  "commitChangeRequest 404",
  "commitChangeRequest 409",
  "rejectChangeRequest 200",
  "rejectChangeRequest 400",
  "rejectChangeRequest 403",
  "rejectChangeRequest 404",
  "getChangeRequest 200",
  "getChangeRequest 403",
  "getChangeRequest 404",
  "updateChangeRequest 200",
  "updateChangeRequest 400",
  "updateChangeRequest 403",
  "updateChangeRequest 404",
  "patchChangeRequest 200",
  "patchChangeRequest 400",
  "patchChangeRequest 403",
  "patchChangeRequest 404",
  "deleteChangeRequest 204",
  "deleteChangeRequest 400",
  "deleteChangeRequest 403",
  "deleteChangeRequest 404",
  "getFlagsmithImport 200",
  "getFlagsmithImport 403",
  "getFlagsmithImport 404",
  "startFlagsmithImport 202",
  "startFlagsmithImport 400",
  "startFlagsmithImport 403",
  "startFlagsmithImport 404",
  "startFlagsmithVerify 202",
  "startFlagsmithVerify 400",
  "startFlagsmithVerify 403",
  "startFlagsmithVerify 404",
  "createOrganisationInvite 201",
  "createOrganisationInvite 400",
  "createOrganisationInvite 403",
  "createOrganisationInvite 404",
  "approveProjectChangeRequest 200",
  "approveProjectChangeRequest 400",
  "approveProjectChangeRequest 403",
  "approveProjectChangeRequest 404",
  "listProjectChangeRequestComments 200",
  "listProjectChangeRequestComments 403",
  "listProjectChangeRequestComments 404",
  "addProjectChangeRequestComment 201",
  "addProjectChangeRequestComment 400",
  "addProjectChangeRequestComment 403",
  "addProjectChangeRequestComment 404",
  "commitProjectChangeRequest 200",
  "commitProjectChangeRequest 400",
  "commitProjectChangeRequest 403",
  "commitProjectChangeRequest 404",
  "commitProjectChangeRequest 409",
  "rejectProjectChangeRequest 200",
  "rejectProjectChangeRequest 400",
  "rejectProjectChangeRequest 403",
  "rejectProjectChangeRequest 404",
  "getProjectChangeRequest 200",
  "getProjectChangeRequest 403",
  "getProjectChangeRequest 404",
  "updateProjectChangeRequest 200",
  "updateProjectChangeRequest 400",
  "updateProjectChangeRequest 403",
  "updateProjectChangeRequest 404",
  "patchProjectChangeRequest 200",
  "patchProjectChangeRequest 400",
  "patchProjectChangeRequest 403",
  "patchProjectChangeRequest 404",
  "deleteProjectChangeRequest 204",
  "deleteProjectChangeRequest 400",
  "deleteProjectChangeRequest 403",
  "deleteProjectChangeRequest 404",
  "listProjectChangeRequests 200",
  "listProjectChangeRequests 400",
  "listProjectChangeRequests 403",
  "listProjectChangeRequests 404",
  "createProjectChangeRequest 201",
  "createProjectChangeRequest 400",
  "createProjectChangeRequest 403",
  "createProjectChangeRequest 404",
  "createCodeReferencesScan 201",
  "createCodeReferencesScan 400",
  "createCodeReferencesScan 403",
  "createCodeReferencesScan 404",
  "listProjectEnvironments 200",
  "listProjectEnvironments 404",
  "getFeatureCodeReferences 200",
  "getFeatureCodeReferences 403",
  "getFeatureCodeReferences 404",
  "getFeatureEvaluationData 200",
  "getFeatureEvaluationData 400",
  "getFeatureEvaluationData 403",
  "getFeatureEvaluationData 404",
  "previewPromotion 200",
  "previewPromotion 400",
  "previewPromotion 403",
  "previewPromotion 404",
  "applyPromotion 200",
  "applyPromotion 400",
  "applyPromotion 403",
  "applyPromotion 404",
  "restoreSegmentVersion 200",
  "restoreSegmentVersion 404",
  "listSegmentVersions 200",
  "listSegmentVersions 400",
  "listSegmentVersions 404",
  "reportFlagEvaluationList 204",
  "reportFlagEvaluationList 400",
]);

// Every operation the routes declare (the route table) and every path server/ answers itself.
const OPERATIONS = [...documentedRoutes(await loadRouteTable()), ...SERVER_PATHS].map(routeOperation);

const byId = new Map(OPERATIONS.map((op) => [op.operationId, op]));
const exercised = new Set<string>();

type Input = {
  path?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  token?: string;
  envKey?: string;
  headers?: Record<string, string>;
};

function urlOf(op: Operation, input: Input): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.path?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return input.query ? `${path}?${new URLSearchParams(input.query)}` : path;
}

function checkConformance(op: Operation, res: ApiResult): void {
  const spec = op.responses[res.status];
  if (!spec) throw new Error(`${op.operationId} answered an undocumented ${res.status}: ${res.text}`);
  if (spec.schema === null) {
    expect(res.text, `${op.operationId} ${res.status} has no body`).toBe("");
  } else {
    expect(res.headers.get("content-type"), `${op.operationId} ${res.status}`).toMatch(/^application\/json/);
    const parsed = spec.schema.safeParse(res.body);
    if (!parsed.success) {
      throw new Error(
        `${op.operationId} ${res.status} does not match its documented schema:\n` +
          `${z.prettifyError(parsed.error)}\nbody: ${res.text}`,
      );
    }
  }
  exercised.add(`${op.operationId} ${res.status}`);
}

/** Calls a documented operation by id and checks the answer's status and its conformance. */
async function invoke(operationId: string, input: Input, expectedStatus: number): Promise<ApiResult> {
  const op = byId.get(operationId);
  if (!op) throw new Error(`undocumented operation ${operationId}`);
  const res = await call(urlOf(op, input), {
    method: op.method.toUpperCase(),
    body: input.body,
    rawBody: input.rawBody,
    token: input.token,
    envKey: input.envKey,
    headers: input.headers,
  });
  expect(res.status, `${operationId}: ${res.text}`).toBe(expectedStatus);
  checkConformance(op, res);
  return res;
}

const MISSING_ID = 2_000_000_000;

describe("credentials", () => {
  it("every token operation answers 401 without a token and with an unknown one", async () => {
    for (const op of OPERATIONS.filter((o) => o.security === "token")) {
      const path = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], "1"]));
      const body = op.body ? {} : undefined;
      await invoke(op.operationId, { path, body }, 401);
      await invoke(op.operationId, { path, body, token: "0".repeat(40) }, 401);
    }
  });

  it("every environment-key operation answers 403 without a key and with an unknown one", async () => {
    // OFREP tells a missing or unknown key (401) from a refused one (403): see below.
    for (const op of OPERATIONS.filter(
      (o) => (o.security === "environmentKey" || o.security === "serverKey") && o.tag !== "OFREP",
    )) {
      const path = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], "1"]));
      const body = op.body ? {} : undefined;
      await invoke(op.operationId, { path, body }, 403);
      await invoke(op.operationId, { path, body, envKey: "unknownKey" }, 403);
    }
  });
});

describe("auth", () => {
  it("signs up, logs in, reads and updates the user, rotates and revokes tokens", async () => {
    const email = `${unique("docs")}@example.com`;
    const signedUp = await invoke("signUp", { body: { email, password: "correct-horse-9" } }, 201);
    await invoke("signUp", { body: {} }, 400);
    await invoke("signUp", { rawBody: "{" }, 400);
    await invoke("getAuthConfig", {}, 200);
    await invoke("logIn", { body: { email, password: "wrong-password" } }, 400);
    const login = await invoke("logIn", { body: { email, password: "correct-horse-9" } }, 200);
    const token = login.body.key as string;
    await invoke("getCurrentUser", { token: signedUp.body.key }, 200);
    await invoke("updateCurrentUser", { token, body: { first_name: "Ada", json_view: true } }, 200);
    await invoke("updateCurrentUser", { token, body: { json_view: "yes" } }, 400);
    const rotated = await invoke("regenerateToken", { token }, 200);
    await invoke("logOut", { token: rotated.body.key }, 204);
    const again = await invoke("logIn", { body: { email, password: "correct-horse-9" } }, 200);
    await invoke("revokeToken", { token: again.body.key }, 204);
  });

  it("changes the password, and answers 429 once an account has failed too often", async () => {
    const { email, token } = await signUp();
    const change = (current: string, next: string) => ({
      token,
      body: { current_password: current, new_password: next, re_new_password: next },
    });
    await invoke("setPassword", change("correct-horse-9", "another-horse-9"), 204);
    await invoke("setPassword", change("wrong-password", "third-horse-9"), 400);
    // The default limit is 10 failures per account; the wrong current password was one.
    for (let i = 0; i < 9; i++) await invoke("logIn", { body: { email, password: "wrong-password" } }, 400);
    const throttled = await invoke("logIn", { body: { email, password: "another-horse-9" } }, 429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    await invoke("setPassword", change("another-horse-9", "third-horse-9"), 429);
  });
});

describe("organisations", () => {
  it("creates, lists, reads, updates and deletes", async () => {
    const { token } = await signUp();
    const org = await invoke("createOrganisation", { token, body: { name: unique("org") } }, 201);
    const path = { organisationId: org.body.id };
    await invoke("listOrganisations", { token }, 200);
    await invoke("getOrganisation", { token, path }, 200);
    await invoke("listOrganisationProjects", { token, path }, 200);
    await invoke("updateOrganisation", { token, path, body: { name: unique("org") } }, 200);
    await invoke("partialUpdateOrganisation", { token, path, body: { feature_analytics: true } }, 200);
    await invoke("deleteOrganisation", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token } = await signUp();
    const missing = { organisationId: MISSING_ID };
    await invoke("createOrganisation", { token, body: { name: 4 } }, 400);
    await invoke("listOrganisations", { token, query: { page: "x" } }, 404);
    await invoke("listOrganisations", { token, query: { page: "9" } }, 404);
    await invoke("getOrganisation", { token, path: missing }, 404);
    await invoke("listOrganisationProjects", { token, path: missing }, 404);
    await invoke("updateOrganisation", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateOrganisation", { token, path: { organisationId: "abc" }, body: {} }, 404);
    await invoke("deleteOrganisation", { token, path: missing }, 404);
    const org = await invoke("createOrganisation", { token, body: { name: unique("org") } }, 201);
    const path = { organisationId: org.body.id };
    await invoke("updateOrganisation", { token, path, body: { name: "" } }, 400);
    await invoke("partialUpdateOrganisation", { token, path, body: { stop_serving_flags: "no" } }, 400);
  });
});

describe("projects", () => {
  it("creates, lists, reads, updates and deletes", async () => {
    const { token, organisationId } = await seed();
    const project = await invoke(
      "createProject",
      { token, body: { name: "Docs", organisation: organisationId } },
      201,
    );
    const path = { projectId: project.body.id };
    await invoke("listProjects", { token, query: { organisation: String(organisationId) } }, 200);
    await invoke("getProject", { token, path }, 200);
    await invoke("updateProject", { token, path, body: { name: "Docs 2" } }, 200);
    await invoke("partialUpdateProject", { token, path, body: { hide_disabled_flags: true } }, 200);
    await invoke("deleteProject", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, projectId } = await seed();
    const other = await seed();
    await invoke("listProjects", { token, query: { organisation: "x" } }, 400);
    await invoke("createProject", { token, body: { name: "x" } }, 400);
    await invoke("createProject", { token, body: { name: "x", organisation: other.organisationId } }, 403);
    const missing = { projectId: other.projectId };
    await invoke("getProject", { token, path: missing }, 404);
    await invoke("updateProject", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateProject", { token, path: missing, body: {} }, 404);
    await invoke("deleteProject", { token, path: missing }, 404);
    await invoke("updateProject", { token, path: { projectId }, body: { name: 1 } }, 400);
    await invoke("partialUpdateProject", { token, path: { projectId }, rawBody: "[1" }, 400);
  });
});

describe("environments", () => {
  it("creates, lists, reads, updates and deletes", async () => {
    const { token, projectId } = await seed();
    const env = await invoke(
      "createEnvironment",
      { token, body: { name: "Staging", project: projectId } },
      201,
    );
    const path = { apiKey: env.body.api_key };
    await invoke("listEnvironments", { token, query: { project: String(projectId) } }, 200);
    await invoke("getEnvironment", { token, path }, 200);
    await invoke("updateEnvironment", { token, path, body: { name: "Stage", banner_text: "hi" } }, 200);
    await invoke("partialUpdateEnvironment", { token, path, body: { hide_disabled_flags: true } }, 200);
    await invoke("deleteEnvironment", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, projectId, envKey } = await seed();
    const other = await seed();
    await invoke("listEnvironments", { token }, 400);
    await invoke("listEnvironments", { token, query: { project: String(projectId), page: "x" } }, 400);
    await invoke("listEnvironments", { token, query: { project: String(other.projectId) } }, 403);
    await invoke("listEnvironments", { token, query: { project: String(projectId), page: "5" } }, 404);
    await invoke("createEnvironment", { token, body: { name: "Development", project: projectId } }, 400);
    await invoke("createEnvironment", { token, body: { name: "X", project: other.projectId } }, 403);
    const missing = { apiKey: other.envKey };
    await invoke("getEnvironment", { token, path: missing }, 404);
    await invoke("updateEnvironment", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateEnvironment", { token, path: missing, body: {} }, 404);
    await invoke("deleteEnvironment", { token, path: missing }, 404);
    await invoke("updateEnvironment", { token, path: { apiKey: envKey }, body: { name: "" } }, 400);
    await invoke(
      "partialUpdateEnvironment",
      { token, path: { apiKey: envKey }, body: { allow_client_traits: 1 } },
      400,
    );
  });
});

describe("server-side keys", () => {
  it("creates, lists, reads, updates and revokes", async () => {
    const { token, envKey } = await seed();
    const key = await invoke(
      "createServerKey",
      { token, path: { apiKey: envKey }, body: { name: "ci" } },
      201,
    );
    const path = { apiKey: envKey, keyId: key.body.id };
    await invoke("listServerKeys", { token, path: { apiKey: envKey } }, 200);
    await invoke("getServerKey", { token, path }, 200);
    await invoke(
      "updateServerKey",
      { token, path, body: { name: "ci-2", expires_at: "2999-01-01T00:00:00Z" } },
      200,
    );
    await invoke("partialUpdateServerKey", { token, path, body: { active: false } }, 200);
    await invoke("revokeServerKey", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, envKey } = await seed();
    const other = await seed();
    await invoke("listServerKeys", { token, path: { apiKey: other.envKey } }, 404);
    await invoke("createServerKey", { token, path: { apiKey: other.envKey }, body: { name: "x" } }, 404);
    await invoke("createServerKey", { token, path: { apiKey: envKey }, body: { name: "" } }, 400);
    const missing = { apiKey: envKey, keyId: MISSING_ID };
    await invoke("getServerKey", { token, path: missing }, 404);
    await invoke("updateServerKey", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateServerKey", { token, path: missing, body: {} }, 404);
    await invoke("revokeServerKey", { token, path: missing }, 404);
    const key = await invoke(
      "createServerKey",
      { token, path: { apiKey: envKey }, body: { name: "k" } },
      201,
    );
    const path = { apiKey: envKey, keyId: key.body.id };
    await invoke("updateServerKey", { token, path, body: { expires_at: "tomorrow" } }, 400);
    await invoke("partialUpdateServerKey", { token, path, body: { active: "yes" } }, 400);
  });
});

describe("segments", () => {
  const rules = [
    {
      type: "ALL",
      rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
    },
  ];

  it("creates, lists, reads, replaces, patches and deletes", async () => {
    const { token, projectId } = await seed();
    const body = { name: unique("segment"), rules };
    const created = await invoke("createSegment", { token, path: { projectId }, body }, 201);
    const path = { projectId, segmentId: created.body.id };
    await invoke("listSegments", { token, path: { projectId }, query: { page_size: "5" } }, 200);
    await invoke("getSegment", { token, path }, 200);
    await invoke("updateSegment", { token, path, body: { ...body, description: "Pro users" } }, 200);
    await invoke("partialUpdateSegment", { token, path, body: { rules: [{ type: "ALL", rules: [] }] } }, 200);
    await invoke("deleteSegment", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, projectId } = await seed();
    const other = await seed();
    const missingProject = { projectId: other.projectId };
    const tooDeep = [{ type: "ALL", rules: [{ type: "ANY", rules: [{ type: "ALL", rules: [] }] }] }];
    await invoke("listSegments", { token, path: missingProject }, 404);
    await invoke(
      "listSegments",
      { token, path: { projectId }, query: { include_feature_specific: "maybe" } },
      400,
    );
    await invoke("listSegments", { token, path: { projectId }, query: { page: "3" } }, 404);
    await invoke("createSegment", { token, path: missingProject, body: { name: "s", rules } }, 404);
    await invoke("createSegment", { token, path: { projectId }, body: { name: "s", rules: [] } }, 400);
    await invoke("createSegment", { token, path: { projectId }, body: { name: "s", rules: tooDeep } }, 400);
    await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: "s", rules, feature: MISSING_ID } },
      403,
    );
    const created = await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: "s", rules } },
      201,
    );
    const path = { projectId, segmentId: created.body.id };
    const missing = { projectId, segmentId: MISSING_ID };
    await invoke("getSegment", { token, path: missing }, 404);
    await invoke("updateSegment", { token, path: missing, body: { name: "s", rules } }, 404);
    await invoke("partialUpdateSegment", { token, path: missing, body: {} }, 404);
    await invoke("deleteSegment", { token, path: missing }, 404);
    await invoke("updateSegment", { token, path, body: { name: "s" } }, 400);
    await invoke("updateSegment", { token, path, body: { name: "s", rules, feature: MISSING_ID } }, 403);
    await invoke("partialUpdateSegment", { token, path, body: { rules: [{ type: "SOME" }] } }, 400);
    await invoke("partialUpdateSegment", { token, path, body: { feature: MISSING_ID } }, 403);
  });

  it("says where a segment is used and whom it matches", async () => {
    const { token, projectId, envKey, environmentId } = await seed();
    const other = await seed();
    const created = await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: "s", rules } },
      201,
    );
    const path = { projectId, segmentId: created.body.id };
    const missing = { projectId, segmentId: MISSING_ID };
    const query = { environment: String(environmentId) };
    await invoke("listSegmentAssociatedFeatures", { token, path, query }, 200);
    await invoke("listSegmentAssociatedFeatures", { token, path, query: { environment: "x" } }, 400);
    await invoke("listSegmentAssociatedFeatures", { token, path: missing }, 404);
    await invoke("countSegmentIdentities", { token, path, query: { environment: envKey } }, 200);
    await invoke("countSegmentIdentities", { token, path }, 400);
    await invoke("countSegmentIdentities", { token, path, query: { environment: other.envKey } }, 404);
  });
});

/** A seeded project with one feature; the feature's default state in the seeded environment. */
async function seedFeature() {
  const seeded = await seed();
  const { token, projectId, envKey } = seeded;
  const name = unique("flag");
  const feature = await invoke(
    "createFeature",
    { token, path: { projectId }, body: { name, initial_value: "v1" } },
    201,
  );
  const states = await invoke(
    "listEnvironmentFeatureStates",
    { token, path: { apiKey: envKey }, query: { feature_name: name } },
    200,
  );
  return {
    ...seeded,
    featureId: feature.body.id as number,
    featureName: name,
    stateId: states.body.results[0].id as number,
  };
}

const segmentRules = [
  {
    type: "ALL",
    rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
  },
];

describe("features", () => {
  it("creates, lists, reads, updates and deletes features and their options", async () => {
    const { token, projectId, environmentId, featureId } = await seedFeature();
    const path = { projectId, featureId };
    await invoke(
      "listFeatures",
      { token, path: { projectId }, query: { environment: String(environmentId) } },
      200,
    );
    await invoke("getFeature", { token, path, query: { environment: String(environmentId) } }, 200);
    await invoke("updateFeature", { token, path, body: { description: "Docs" } }, 200);
    await invoke("partialUpdateFeature", { token, path, body: { is_archived: true } }, 200);
    const option = await invoke(
      "createMultivariateOption",
      { token, path, body: { type: "unicode", string_value: "blue", default_percentage_allocation: 30 } },
      201,
    );
    const optionPath = { ...path, optionId: option.body.id };
    await invoke("listMultivariateOptions", { token, path }, 200);
    await invoke("getMultivariateOption", { token, path: optionPath }, 200);
    await invoke(
      "updateMultivariateOption",
      { token, path: optionPath, body: { string_value: "green" } },
      200,
    );
    await invoke("partialUpdateMultivariateOption", { token, path: optionPath, body: { key: "green" } }, 200);
    await invoke("deleteMultivariateOption", { token, path: optionPath }, 204);
    await invoke("deleteFeature", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, projectId, featureId } = await seedFeature();
    const other = await seedFeature();
    const path = { projectId, featureId };
    const missing = { projectId, featureId: MISSING_ID };
    await invoke("listFeatures", { token, path: { projectId: other.projectId } }, 404);
    await invoke("listFeatures", { token, path: { projectId }, query: { sort_field: "x" } }, 400);
    await invoke("listFeatures", { token, path: { projectId }, query: { is_enabled: "true" } }, 400);
    await invoke("createFeature", { token, path: { projectId }, body: {} }, 400);
    await invoke("createFeature", { token, path: { projectId: other.projectId }, body: { name: "x" } }, 404);
    await invoke("getFeature", { token, path: missing }, 404);
    await invoke("getFeature", { token, path, query: { environment: "x" } }, 400);
    // An environment named in the query that the caller cannot view (here another tenant's).
    const theirEnvironment = { environment: String(other.environmentId) };
    await invoke("listFeatures", { token, path: { projectId }, query: theirEnvironment }, 403);
    await invoke("getFeature", { token, path, query: theirEnvironment }, 403);
    await invoke(
      "createFeature",
      { token, path: { projectId }, query: theirEnvironment, body: { name: unique("x") } },
      403,
    );
    await invoke("updateFeature", { token, path: missing, body: {} }, 404);
    await invoke("updateFeature", { token, path, body: { is_archived: "x" } }, 400);
    await invoke("partialUpdateFeature", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateFeature", { token, path, body: { tags: "x" } }, 400);
    await invoke("deleteFeature", { token, path: missing }, 404);
    const otherOption = await invoke(
      "createMultivariateOption",
      {
        token: other.token,
        path: { projectId: other.projectId, featureId: other.featureId },
        body: { string_value: "x", default_percentage_allocation: 10 },
      },
      201,
    );
    await invoke("listMultivariateOptions", { token, path: missing }, 404);
    await invoke("createMultivariateOption", { token, path: missing, body: {} }, 404);
    await invoke(
      "createMultivariateOption",
      { token, path, body: { default_percentage_allocation: 101 } },
      400,
    );
    await invoke("createMultivariateOption", { token, path, body: { feature: other.featureId } }, 403);
    const option = await invoke(
      "createMultivariateOption",
      { token, path, body: { string_value: "a", default_percentage_allocation: 10 } },
      201,
    );
    const optionPath = { ...path, optionId: option.body.id };
    const missingOption = { ...path, optionId: otherOption.body.id };
    await invoke("getMultivariateOption", { token, path: missingOption }, 404);
    await invoke("updateMultivariateOption", { token, path: missingOption, body: {} }, 404);
    await invoke("updateMultivariateOption", { token, path: optionPath, body: { type: "float" } }, 400);
    await invoke(
      "updateMultivariateOption",
      { token, path: optionPath, body: { feature: other.featureId } },
      403,
    );
    await invoke("partialUpdateMultivariateOption", { token, path: missingOption, body: {} }, 404);
    await invoke(
      "partialUpdateMultivariateOption",
      { token, path: optionPath, body: { key: "not a slug" } },
      400,
    );
    await invoke(
      "partialUpdateMultivariateOption",
      { token, path: optionPath, body: { feature: other.featureId } },
      403,
    );
    await invoke("deleteMultivariateOption", { token, path: missingOption }, 404);
  });
});

describe("tags and owners", () => {
  it("creates, lists, reads, updates and deletes tags, and documents the errors", async () => {
    const { token, projectId } = await seed();
    const other = await seed();
    const tag = await invoke("createTag", { token, path: { projectId }, body: { label: "beta" } }, 201);
    const path = { projectId, tagId: tag.body.id };
    const missing = { projectId, tagId: 999999999 };
    await invoke("listTags", { token, path: { projectId } }, 200);
    await invoke("listTags", { token, path: { projectId }, query: { page: "9" } }, 404);
    await invoke("getTag", { token, path }, 200);
    await invoke("getTag", { token, path: missing }, 404);
    await invoke("updateTag", { token, path, body: { label: "gamma" } }, 200);
    await invoke("updateTag", { token, path, body: {} }, 400);
    await invoke("updateTag", { token, path: missing, body: { label: "x" } }, 404);
    await invoke("partialUpdateTag", { token, path, body: { color: "#000000" } }, 200);
    await invoke("partialUpdateTag", { token, path, body: { label: "" } }, 400);
    await invoke("partialUpdateTag", { token, path: missing, body: {} }, 404);
    await invoke("createTag", { token, path: { projectId }, body: {} }, 400);
    await invoke("createTag", { token, path: { projectId: other.projectId }, body: { label: "x" } }, 404);
    const byUuid = { projectId, tagUuid: tag.body.uuid };
    await invoke("getTagByUuid", { token, path: byUuid }, 200);
    await invoke(
      "getTagByUuid",
      { token, path: { projectId, tagUuid: "00000000-0000-4000-8000-000000000000" } },
      404,
    );
    await invoke("getTagByUuid", { token: other.token, path: byUuid }, 404);
    await invoke("deleteTag", { token, path }, 204);
    await invoke("deleteTag", { token, path: missing }, 404);
  });

  it("adds and removes group owners, and documents the errors", async () => {
    const { token, projectId, featureId, organisationId } = await seedFeature();
    const other = await seed();
    const group = async (t: string, org: number) =>
      (await call(`/api/v1/organisations/${org}/groups/`, { token: t, body: { name: unique("g") } })).body
        .id as number;
    const mine = await group(token, organisationId);
    const theirs = await group(other.token, other.organisationId);
    const path = { projectId, featureId };
    const missing = { projectId, featureId: 999999999 };
    await invoke("addFeatureGroupOwners", { token, path, body: { group_ids: [mine] } }, 200);
    await invoke("removeFeatureGroupOwners", { token, path, body: { group_ids: [mine] } }, 200);
    await invoke("addFeatureGroupOwners", { token, path, body: { group_ids: [theirs] } }, 400);
    await invoke("addFeatureGroupOwners", { token, path, body: {} }, 400);
    await invoke("removeFeatureGroupOwners", { token, path, body: { group_ids: "x" } }, 400);
    await invoke("addFeatureGroupOwners", { token, path: missing, body: { group_ids: [] } }, 404);
    await invoke("removeFeatureGroupOwners", { token, path: missing, body: { group_ids: [] } }, 404);
    await invoke(
      "createFeature",
      { token, path: { projectId }, body: { name: unique("f"), group_owners: [mine] } },
      201,
    );
    await invoke("listFeatures", { token, path: { projectId }, query: { group_owners: String(mine) } }, 200);
    await invoke("listFeatures", { token, path: { projectId }, query: { group_owners: "x" } }, 400);
  });

  it("adds and removes feature owners, and documents the errors", async () => {
    const { token, projectId, featureId } = await seedFeature();
    const stranger = await signUp();
    const me = (await call("/api/v1/auth/users/me/", { token })).body.id as number;
    const path = { projectId, featureId };
    const missing = { projectId, featureId: 999999999 };
    await invoke("removeFeatureOwners", { token, path, body: { user_ids: [me] } }, 200);
    await invoke("addFeatureOwners", { token, path, body: { user_ids: [me] } }, 200);
    await invoke("addFeatureOwners", { token, path, body: { user_ids: [stranger.id] } }, 400);
    await invoke("addFeatureOwners", { token, path, body: {} }, 400);
    await invoke("removeFeatureOwners", { token, path, body: { user_ids: "x" } }, 400);
    await invoke("addFeatureOwners", { token, path: missing, body: { user_ids: [] } }, 404);
    await invoke("removeFeatureOwners", { token, path: missing, body: { user_ids: [] } }, 404);
  });
});

describe("feature states", () => {
  it("lists, reads and updates an environment's feature states, and documents the errors", async () => {
    const { token, envKey, stateId } = await seedFeature();
    const other = await seedFeature();
    const path = { apiKey: envKey, featureStateId: stateId };
    const otherOption = await invoke(
      "createMultivariateOption",
      {
        token: other.token,
        path: { projectId: other.projectId, featureId: other.featureId },
        body: { string_value: "x", default_percentage_allocation: 10 },
      },
      201,
    );
    await invoke("listEnvironmentFeatureStates", { token, path: { apiKey: envKey } }, 200);
    await invoke("getEnvironmentFeatureState", { token, path }, 200);
    await invoke(
      "updateEnvironmentFeatureState",
      { token, path, body: { enabled: true, feature_state_value: 42 } },
      200,
    );
    await invoke(
      "partialUpdateEnvironmentFeatureState",
      { token, path, body: { feature_state_value: "on" } },
      200,
    );
    await invoke("listEnvironmentFeatureStates", { token, path: { apiKey: other.envKey } }, 403);
    await invoke(
      "listEnvironmentFeatureStates",
      { token, path: { apiKey: envKey }, query: { feature: "x" } },
      400,
    );
    await invoke(
      "listEnvironmentFeatureStates",
      { token, path: { apiKey: envKey }, query: { page: "4" } },
      404,
    );
    const missing = { apiKey: envKey, featureStateId: other.stateId };
    await invoke("getEnvironmentFeatureState", { token, path: missing }, 404);
    await invoke("updateEnvironmentFeatureState", { token, path: missing, body: {} }, 404);
    await invoke(
      "partialUpdateEnvironmentFeatureState",
      { token, path: { apiKey: other.envKey, featureStateId: stateId }, body: {} },
      404,
    );
    await invoke("updateEnvironmentFeatureState", { token, path, body: { enabled: "x" } }, 400);
    await invoke(
      "partialUpdateEnvironmentFeatureState",
      { token, path, body: { feature_state_value: [1] } },
      400,
    );
    const allocations = [{ multivariate_feature_option: otherOption.body.id, percentage_allocation: 10 }];
    await invoke(
      "updateEnvironmentFeatureState",
      { token, path, body: { multivariate_feature_state_values: allocations } },
      400,
    );
    await invoke(
      "partialUpdateEnvironmentFeatureState",
      { token, path, body: { multivariate_feature_state_values: allocations } },
      400,
    );
  });
});

describe("segment overrides", () => {
  it("links a segment to a feature, overrides it, reorders and deletes", async () => {
    const { token, projectId, environmentId, envKey, featureId } = await seedFeature();
    const segment = await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: unique("seg"), rules: segmentRules } },
      201,
    );
    const second = await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: unique("seg"), rules: segmentRules } },
      201,
    );
    const link = await invoke(
      "createFeatureSegment",
      { token, body: { feature: featureId, segment: segment.body.id, environment: environmentId } },
      201,
    );
    const override = await invoke(
      "createFeatureState",
      {
        token,
        body: {
          feature: featureId,
          environment: environmentId,
          feature_segment: link.body.id,
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "segment value" },
        },
      },
      201,
    );
    const shortcut = await invoke(
      "createSegmentOverride",
      {
        token,
        path: { apiKey: envKey, featureId },
        body: {
          enabled: true,
          feature_state_value: { type: "int", integer_value: 7 },
          feature_segment: { segment: second.body.id },
        },
      },
      201,
    );
    const query = { environment: String(environmentId), feature: String(featureId) };
    await invoke("listFeatureSegments", { token, query }, 200);
    await invoke("getFeatureSegment", { token, path: { featureSegmentId: link.body.id } }, 200);
    await invoke(
      "updateFeatureSegmentPriorities",
      { token, body: [{ id: shortcut.body.feature_segment.id, priority: 0 }] },
      200,
    );
    await invoke("listFeatureStates", { token, query: { environment: String(environmentId) } }, 200);
    const statePath = { featureStateId: override.body.id };
    await invoke("getFeatureState", { token, path: statePath }, 200);
    await invoke(
      "updateFeatureState",
      { token, path: statePath, body: { feature: featureId, environment: environmentId, enabled: false } },
      200,
    );
    await invoke(
      "partialUpdateFeatureState",
      { token, path: statePath, body: { feature_state_value: { type: "bool", boolean_value: true } } },
      200,
    );
    await invoke("deleteFeatureState", { token, path: statePath }, 204);
    await invoke("deleteFeatureSegment", { token, path: { featureSegmentId: link.body.id } }, 204);
  });

  it("documents its errors", async () => {
    const { token, projectId, environmentId, envKey, featureId, stateId } = await seedFeature();
    const other = await seedFeature();
    const otherSegment = await invoke(
      "createSegment",
      { token: other.token, path: { projectId: other.projectId }, body: { name: "s", rules: segmentRules } },
      201,
    );
    const otherLink = await invoke(
      "createFeatureSegment",
      {
        token: other.token,
        body: { feature: other.featureId, segment: otherSegment.body.id, environment: other.environmentId },
      },
      201,
    );
    const segment = await invoke(
      "createSegment",
      { token, path: { projectId }, body: { name: "s", rules: segmentRules } },
      201,
    );
    await invoke("createFeatureSegment", { token, body: { feature: featureId } }, 400);
    await invoke(
      "createFeatureSegment",
      { token, body: { feature: other.featureId, segment: segment.body.id, environment: environmentId } },
      403,
    );
    await invoke("listFeatureSegments", { token, query: { environment: "x" } }, 400);
    await invoke(
      "listFeatureSegments",
      { token, query: { environment: String(other.environmentId), feature: String(featureId) } },
      403,
    );
    await invoke(
      "listFeatureSegments",
      { token, query: { environment: String(environmentId), feature: String(featureId), page: "2" } },
      404,
    );
    await invoke("getFeatureSegment", { token, path: { featureSegmentId: otherLink.body.id } }, 404);
    await invoke("deleteFeatureSegment", { token, path: { featureSegmentId: otherLink.body.id } }, 404);
    await invoke("updateFeatureSegmentPriorities", { token, body: { id: 1 } }, 400);
    await invoke("updateFeatureSegmentPriorities", { token, body: [{ id: "x", priority: -1 }] }, 400);
    await invoke(
      "updateFeatureSegmentPriorities",
      { token, body: [{ id: otherLink.body.id, priority: 0 }] },
      400,
    );
    await invoke("listFeatureStates", { token }, 400);
    await invoke("listFeatureStates", { token, query: { environment: String(other.environmentId) } }, 403);
    await invoke(
      "listFeatureStates",
      { token, query: { environment: String(environmentId), page: "9" } },
      404,
    );
    await invoke("createFeatureState", { token, body: { feature: featureId } }, 400);
    await invoke(
      "createFeatureState",
      { token, body: { feature: featureId, environment: other.environmentId } },
      403,
    );
    const missing = { featureStateId: other.stateId };
    await invoke("getFeatureState", { token, path: missing }, 404);
    await invoke(
      "updateFeatureState",
      { token, path: missing, body: { feature: featureId, environment: environmentId } },
      404,
    );
    await invoke("partialUpdateFeatureState", { token, path: missing, body: {} }, 404);
    await invoke("deleteFeatureState", { token, path: missing }, 404);
    await invoke("deleteFeatureState", { token, path: { featureStateId: stateId } }, 400);
    await invoke(
      "updateFeatureState",
      { token, path: { featureStateId: stateId }, body: { feature: featureId } },
      400,
    );
    await invoke(
      "partialUpdateFeatureState",
      { token, path: { featureStateId: stateId }, body: { environment: other.environmentId } },
      400,
    );
    const overridePath = { apiKey: envKey, featureId };
    await invoke(
      "createSegmentOverride",
      { token, path: overridePath, body: { feature_state_value: {} } },
      400,
    );
    await invoke(
      "createSegmentOverride",
      {
        token,
        path: overridePath,
        body: {
          feature_state_value: { type: "unicode", string_value: "x" },
          feature_segment: { segment: otherSegment.body.id },
        },
      },
      403,
    );
    await invoke(
      "createSegmentOverride",
      {
        token,
        path: { apiKey: envKey, featureId: other.featureId },
        body: {
          feature_state_value: { type: "unicode", string_value: "x" },
          feature_segment: { segment: segment.body.id },
        },
      },
      404,
    );
  });
});

describe("identities", () => {
  it("creates identities, their traits and overrides, and resolves their flags", async () => {
    const { token, envKey, featureId } = await seedFeature();
    const identity = await invoke(
      "createIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: unique("id") } },
      201,
    );
    const path = { apiKey: envKey, identityId: identity.body.id };
    await invoke("listIdentities", { token, path: { apiKey: envKey }, query: { q: "id-" } }, 200);
    await invoke("getIdentity", { token, path }, 200);
    await invoke("updateIdentity", { token, path, body: { identifier: unique("id") } }, 200);
    await invoke("partialUpdateIdentity", { token, path, body: {} }, 200);
    const trait = await invoke(
      "createTrait",
      { token, path, body: { trait_key: "plan", trait_value: "pro" } },
      201,
    );
    const traitPath = { ...path, traitId: trait.body.id };
    await invoke("createTrait", { token, path, body: { trait_key: "age", trait_value: 41.5 } }, 201);
    await invoke("listTraits", { token, path }, 200);
    await invoke("getTrait", { token, path: traitPath }, 200);
    await invoke("updateTrait", { token, path: traitPath, body: { trait_value: 3 } }, 200);
    await invoke("partialUpdateTrait", { token, path: traitPath, body: { trait_value: true } }, 200);
    await invoke("deleteTrait", { token, path: traitPath }, 204);
    const override = await invoke(
      "createIdentityOverride",
      { token, path, body: { feature: featureId, enabled: true, feature_state_value: "mine" } },
      201,
    );
    const overridePath = { ...path, featureStateId: override.body.id };
    await invoke("listIdentityOverrides", { token, path }, 200);
    await invoke("getIdentityOverride", { token, path: overridePath }, 200);
    await invoke(
      "updateIdentityOverride",
      { token, path: overridePath, body: { feature: featureId, enabled: false } },
      200,
    );
    await invoke(
      "partialUpdateIdentityOverride",
      { token, path: overridePath, body: { feature_state_value: 5 } },
      200,
    );
    await invoke("listIdentityAllFeatureStates", { token, path }, 200);
    await invoke(
      "explainEvaluation",
      { token, path: { apiKey: envKey }, body: { identifier: "x", traits: { a: 1 } } },
      200,
    );
    await invoke("deleteIdentityOverride", { token, path: overridePath }, 204);
    await invoke("deleteIdentity", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, envKey, featureId } = await seedFeature();
    const other = await seedFeature();
    const taken = unique("id");
    const identity = await invoke(
      "createIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: taken } },
      201,
    );
    const second = await invoke(
      "createIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: unique("id") } },
      201,
    );
    const path = { apiKey: envKey, identityId: identity.body.id };
    const missing = { apiKey: envKey, identityId: MISSING_ID };
    await invoke("createIdentity", { token, path: { apiKey: envKey }, body: { identifier: taken } }, 400);
    await invoke("createIdentity", { token, path: { apiKey: other.envKey }, body: { identifier: "x" } }, 404);
    await invoke("listIdentities", { token, path: { apiKey: other.envKey } }, 404);
    await invoke("getIdentity", { token, path: missing }, 404);
    await invoke("updateIdentity", { token, path: missing, body: { identifier: "x" } }, 404);
    await invoke(
      "updateIdentity",
      { token, path: { apiKey: envKey, identityId: second.body.id }, body: { identifier: taken } },
      400,
    );
    await invoke("partialUpdateIdentity", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateIdentity", { token, path, body: { identifier: "" } }, 400);
    await invoke("deleteIdentity", { token, path: missing }, 404);
    await invoke("listTraits", { token, path: missing }, 404);
    await invoke("createTrait", { token, path: missing, body: { trait_key: "k", trait_value: 1 } }, 404);
    await invoke("createTrait", { token, path, body: { trait_value: 1 } }, 400);
    const trait = await invoke("createTrait", { token, path, body: { trait_key: "k", trait_value: 1 } }, 201);
    const missingTrait = { ...path, traitId: MISSING_ID };
    await invoke("getTrait", { token, path: missingTrait }, 404);
    await invoke("updateTrait", { token, path: missingTrait, body: {} }, 404);
    await invoke(
      "updateTrait",
      { token, path: { ...path, traitId: trait.body.id }, body: { trait_value: null } },
      400,
    );
    await invoke("partialUpdateTrait", { token, path: missingTrait, body: {} }, 404);
    await invoke(
      "partialUpdateTrait",
      { token, path: { ...path, traitId: trait.body.id }, body: { value_type: "list" } },
      400,
    );
    await invoke("deleteTrait", { token, path: missingTrait }, 404);
    await invoke("listIdentityOverrides", { token, path: missing }, 404);
    await invoke("listIdentityOverrides", { token, path, query: { feature: "x" } }, 400);
    await invoke("createIdentityOverride", { token, path: missing, body: { feature: featureId } }, 404);
    await invoke(
      "createIdentityOverride",
      { token, path, body: { feature: other.featureId, enabled: true } },
      400,
    );
    await invoke("createIdentityOverride", { token, path, body: { feature: "x" } }, 400);
    const override = await invoke(
      "createIdentityOverride",
      { token, path, body: { feature: featureId, enabled: true } },
      201,
    );
    await invoke("createIdentityOverride", { token, path, body: { feature: featureId } }, 400);
    const overridePath = { ...path, featureStateId: override.body.id };
    const missingOverride = { ...path, featureStateId: MISSING_ID };
    await invoke("getIdentityOverride", { token, path: missingOverride }, 404);
    await invoke(
      "updateIdentityOverride",
      { token, path: missingOverride, body: { feature: featureId } },
      404,
    );
    await invoke(
      "updateIdentityOverride",
      { token, path: overridePath, body: { feature: featureId, enabled: "x" } },
      400,
    );
    await invoke(
      "updateIdentityOverride",
      { token, path: overridePath, body: { feature: other.featureId } },
      400,
    );
    await invoke(
      "partialUpdateIdentityOverride",
      { token, path: overridePath, body: { feature: other.featureId } },
      400,
    );
    await invoke("partialUpdateIdentityOverride", { token, path: missingOverride, body: {} }, 404);
    await invoke(
      "partialUpdateIdentityOverride",
      { token, path: overridePath, body: { feature_state_value: [] } },
      400,
    );
    await invoke("deleteIdentityOverride", { token, path: missingOverride }, 404);
    await invoke("listIdentityAllFeatureStates", { token, path: missing }, 404);
    await invoke("explainEvaluation", { token, path: { apiKey: envKey }, body: { identifier: "" } }, 400);
    await invoke(
      "explainEvaluation",
      { token, path: { apiKey: "NoSuchEnvironment" }, body: { identifier: "x" } },
      404,
    );
  });
});

describe("edge identities", () => {
  it("creates edge identities, their traits and overrides, and resolves their flags", async () => {
    const { token, envKey, featureId, featureName } = await seedFeature();
    const identity = await invoke(
      "createEdgeIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: unique("edge"), dashboard_alias: "Ada" } },
      201,
    );
    await invoke(
      "createEdgeIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: unique("edge") } },
      201,
    );
    const path = { apiKey: envKey, identityUuid: identity.body.identity_uuid };
    await invoke("listEdgeIdentities", { token, path: { apiKey: envKey }, query: { page_size: "1" } }, 200);
    await invoke("getEdgeIdentity", { token, path }, 200);
    await invoke("updateEdgeIdentity", { token, path, body: { dashboard_alias: "Grace" } }, 200);
    await invoke("partialUpdateEdgeIdentity", { token, path, body: {} }, 200);
    await invoke(
      "updateEdgeIdentityTraits",
      { token, path, body: { trait_key: "plan", trait_value: "pro" } },
      200,
    );
    await invoke(
      "updateEdgeIdentityTraits",
      { token, path, body: { trait_key: "gone", trait_value: null } },
      200,
    );
    await invoke("listEdgeIdentityTraits", { token, path }, 200);
    const override = await invoke(
      "createEdgeIdentityOverride",
      { token, path, body: { feature: featureName, enabled: true, feature_state_value: "edge" } },
      201,
    );
    const overridePath = { ...path, featurestateUuid: override.body.featurestate_uuid };
    await invoke("listEdgeIdentityOverrides", { token, path, query: { feature: String(featureId) } }, 200);
    await invoke("getEdgeIdentityOverride", { token, path: overridePath }, 200);
    await invoke(
      "updateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature: featureId, enabled: false } },
      200,
    );
    await invoke(
      "partialUpdateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature_state_value: true } },
      200,
    );
    await invoke("listEnvironmentIdentityOverrides", { token, path: { apiKey: envKey } }, 200);
    await invoke("listEdgeIdentityAllFeatureStates", { token, path }, 200);
    await invoke("deleteEdgeIdentityOverride", { token, path: overridePath }, 204);
    await invoke("deleteEdgeIdentity", { token, path }, 204);
  });

  it("documents its errors", async () => {
    const { token, envKey, featureId } = await seedFeature();
    const other = await seedFeature();
    const taken = unique("edge");
    const identity = await invoke(
      "createEdgeIdentity",
      { token, path: { apiKey: envKey }, body: { identifier: taken } },
      201,
    );
    const path = { apiKey: envKey, identityUuid: identity.body.identity_uuid };
    const missing = { apiKey: envKey, identityUuid: "00000000-0000-4000-8000-000000000000" };
    await invoke("listEdgeIdentities", { token, path: { apiKey: other.envKey } }, 404);
    await invoke(
      "listEdgeIdentities",
      { token, path: { apiKey: envKey }, query: { last_evaluated_key: "!!" } },
      400,
    );
    await invoke("createEdgeIdentity", { token, path: { apiKey: envKey }, body: { identifier: taken } }, 400);
    await invoke(
      "createEdgeIdentity",
      { token, path: { apiKey: other.envKey }, body: { identifier: "x" } },
      404,
    );
    await invoke("getEdgeIdentity", { token, path: missing }, 404);
    await invoke("updateEdgeIdentity", { token, path: missing, body: {} }, 404);
    await invoke("updateEdgeIdentity", { token, path, body: { dashboard_alias: 5 } }, 400);
    await invoke("partialUpdateEdgeIdentity", { token, path: missing, body: {} }, 404);
    await invoke("partialUpdateEdgeIdentity", { token, path, body: { dashboard_alias: "" } }, 400);
    await invoke("deleteEdgeIdentity", { token, path: missing }, 404);
    await invoke("listEdgeIdentityTraits", { token, path: missing }, 404);
    await invoke(
      "updateEdgeIdentityTraits",
      { token, path: missing, body: { trait_key: "k", trait_value: 1 } },
      404,
    );
    await invoke("updateEdgeIdentityTraits", { token, path, body: { trait_value: 1 } }, 400);
    await invoke("listEdgeIdentityOverrides", { token, path: missing }, 404);
    await invoke("listEdgeIdentityOverrides", { token, path, query: { feature: "x" } }, 400);
    await invoke("createEdgeIdentityOverride", { token, path: missing, body: { feature: featureId } }, 404);
    await invoke("createEdgeIdentityOverride", { token, path, body: {} }, 400);
    await invoke("createEdgeIdentityOverride", { token, path, body: { feature: other.featureId } }, 400);
    const override = await invoke(
      "createEdgeIdentityOverride",
      { token, path, body: { feature: featureId } },
      201,
    );
    await invoke("createEdgeIdentityOverride", { token, path, body: { feature: featureId } }, 400);
    const overridePath = { ...path, featurestateUuid: override.body.featurestate_uuid };
    const missingOverride = { ...path, featurestateUuid: "00000000-0000-4000-8000-000000000000" };
    await invoke("getEdgeIdentityOverride", { token, path: missingOverride }, 404);
    await invoke(
      "updateEdgeIdentityOverride",
      { token, path: missingOverride, body: { feature: featureId } },
      404,
    );
    await invoke(
      "updateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature: featureId, enabled: "x" } },
      400,
    );
    await invoke("partialUpdateEdgeIdentityOverride", { token, path: missingOverride, body: {} }, 404);
    await invoke(
      "partialUpdateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature: other.featureId } },
      400,
    );
    await invoke(
      "updateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature: other.featureId } },
      400,
    );
    await invoke(
      "partialUpdateEdgeIdentityOverride",
      { token, path: overridePath, body: { feature: "no-such-feature" } },
      400,
    );
    await invoke("deleteEdgeIdentityOverride", { token, path: missingOverride }, 404);
    await invoke("listEdgeIdentityAllFeatureStates", { token, path: missing }, 404);
    await invoke("listEnvironmentIdentityOverrides", { token, path: { apiKey: other.envKey } }, 404);
    await invoke(
      "listEnvironmentIdentityOverrides",
      { token, path: { apiKey: envKey }, query: { feature: "x" } },
      400,
    );
  });
});

describe("SDK", () => {
  it("serves flags, identities, the environment document and analytics", async () => {
    const { token, envKey, featureName } = await seedFeature();
    const flags = await invoke("getFlags", { envKey }, 200);
    await invoke("getFlags", { envKey, query: { feature: featureName } }, 200);
    await invoke("getFlags", { envKey, headers: { "If-None-Match": flags.headers.get("etag")! } }, 304);
    await invoke("getFlags", { envKey, query: { feature: "no-such-flag" } }, 404);
    const identifier = unique("sdk");
    await invoke(
      "identify",
      { envKey, body: { identifier, traits: [{ trait_key: "plan", trait_value: "pro" }] } },
      200,
    );
    await invoke("identify", { envKey, body: { traits: [{ trait_key: "age", trait_value: 7 }] } }, 200);
    await invoke("identify", { envKey, body: { identifier, traits: [{ trait_value: 1 }] } }, 400);
    await invoke("identify", { envKey, rawBody: "{" }, 400);
    await invoke("getIdentityFlags", { envKey, query: { identifier } }, 200);
    await invoke("getIdentityFlags", { envKey }, 200);
    await invoke("getIdentityFlags", { envKey, query: { identifier, feature: featureName } }, 200);
    await invoke("getIdentityFlags", { envKey, query: { identifier, feature: "no-such-flag" } }, 404);
    await invoke("getIdentityFlags", { envKey, query: { identifier: "x".repeat(2001) } }, 400);
    const serverKey = await invoke(
      "createServerKey",
      { token, path: { apiKey: envKey }, body: { name: "sdk" } },
      201,
    );
    const document = await invoke("getEnvironmentDocument", { envKey: serverKey.body.key }, 200);
    await invoke(
      "getEnvironmentDocument",
      { envKey: serverKey.body.key, headers: { "If-None-Match": document.headers.get("etag")! } },
      304,
    );
    await invoke("getEnvironmentDocument", { envKey }, 403);
    await invoke("reportFlagEvaluations", { envKey, body: { [featureName]: 3 } }, 200);
    await invoke("reportFlagEvaluations", { envKey, body: [1] }, 400);
    const trait = { identity: { identifier }, trait_key: "plan", trait_value: "team" };
    await invoke("setTrait", { envKey: serverKey.body.key, body: trait }, 200);
    const counter = { identifier, trait_key: "visits", increment_by: 2 };
    await invoke("incrementTrait", { envKey: serverKey.body.key, body: counter }, 200);
    await invoke(
      "incrementTrait",
      { envKey: serverKey.body.key, body: { ...counter, trait_key: "plan" } },
      400,
    );
    await invoke("incrementTrait", { envKey: serverKey.body.key, body: { identifier } }, 400);
    await invoke("setTrait", { envKey: serverKey.body.key, body: { ...trait, trait_key: "" } }, 400);
    await invoke(
      "setTraitsInBulk",
      { envKey: serverKey.body.key, body: [trait, { ...trait, trait_value: null }] },
      200,
    );
    await invoke("setTraitsInBulk", { envKey: serverKey.body.key, body: [{}] }, 400);
    await invoke("setTraitsInBulk", { envKey: serverKey.body.key, body: trait }, 400);
    await invoke("getFlagAnalytics", { token, path: { apiKey: envKey }, query: { days: "7" } }, 200);
    await invoke("getFlagAnalytics", { token, path: { apiKey: envKey }, query: { days: "0" } }, 400);
    const other = await seed();
    await invoke("getFlagAnalytics", { token, path: { apiKey: other.envKey } }, 404);
  });
});

describe("audit log", () => {
  it("lists and reads entries of the caller, a project and an organisation, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const list = await invoke("listAuditLog", { token, query: { search: "environment" } }, 200);
    const entryId = list.body.results[0].id as number;
    await invoke("listAuditLog", { token, query: { environments: "x" } }, 400);
    await invoke("listAuditLog", { token, query: { page: "9" } }, 404);
    await invoke("getAuditLogEntry", { token, path: { auditLogId: entryId } }, 200);
    await invoke("getAuditLogEntry", { token, path: { auditLogId: MISSING_ID } }, 404);
    const project = { projectId: s.projectId };
    await invoke("listProjectAuditLog", { token, path: project }, 200);
    await invoke("listProjectAuditLog", { token, path: project, query: { is_system_event: "x" } }, 400);
    await invoke("listProjectAuditLog", { token, path: { projectId: other.projectId } }, 404);
    await invoke("getProjectAuditLogEntry", { token, path: { ...project, auditLogId: entryId } }, 200);
    await invoke("getProjectAuditLogEntry", { token, path: { ...project, auditLogId: MISSING_ID } }, 404);
    const org = { organisationId: s.organisationId };
    await invoke("listOrganisationAuditLog", { token, path: org }, 200);
    await invoke(
      "listOrganisationAuditLog",
      { token, path: org, query: { created_date_after: "soon" } },
      400,
    );
    await invoke("listOrganisationAuditLog", { token, path: { organisationId: other.organisationId } }, 404);
    await invoke("getOrganisationAuditLogEntry", { token, path: { ...org, auditLogId: entryId } }, 200);
    await invoke("getOrganisationAuditLogEntry", { token, path: { ...org, auditLogId: MISSING_ID } }, 404);
  });
});

describe("invitations", () => {
  it("invites by email and link, refuses members without the admin role, and joins", async () => {
    const s = await seed();
    const token = s.token;
    const org = { organisationId: s.organisationId };
    const other = { organisationId: MISSING_ID };
    const member = await signUp();
    const newcomer = await signUp();

    const link = await invoke(
      "createOrganisationInviteLink",
      { token, path: org, body: { role: "USER" } },
      201,
    );
    await invoke("createOrganisationInviteLink", { token, path: org, body: { role: "OWNER" } }, 400);
    await invoke("createOrganisationInviteLink", { token, path: other, body: {} }, 404);
    await invoke("listOrganisationInviteLinks", { token, path: org }, 200);
    await invoke("listOrganisationInviteLinks", { token, path: other }, 404);
    await invoke(
      "joinOrganisationFromInviteLink",
      { token: member.token, path: { hash: link.body.hash } },
      200,
    );
    await invoke("joinOrganisationFromInviteLink", { token: member.token, path: { hash: "nothing" } }, 404);

    const made = await invoke(
      "inviteToOrganisation",
      { token, path: org, body: { invites: [{ email: newcomer.email, role: "ADMIN" }] } },
      201,
    );
    const invite = { ...org, inviteId: made.body[0].id };
    const missingInvite = { ...org, inviteId: MISSING_ID };
    await invoke("inviteToOrganisation", { token, path: org, body: { emails: ["nope"] } }, 400);
    await invoke("inviteToOrganisation", { token, path: other, body: { emails: ["a@example.com"] } }, 404);
    await invoke("listOrganisationInvites", { token, path: org }, 200);
    await invoke("listOrganisationInvites", { token, path: other }, 404);
    await invoke("getOrganisationInvite", { token, path: invite }, 200);
    await invoke("getOrganisationInvite", { token, path: missingInvite }, 404);
    const resent = await invoke("resendOrganisationInvite", { token, path: invite }, 200);
    await invoke("resendOrganisationInvite", { token, path: missingInvite }, 404);

    // A USER member may not manage invitations.
    const user = { token: member.token };
    await invoke("inviteToOrganisation", { ...user, path: org, body: { emails: ["b@example.com"] } }, 403);
    await invoke("listOrganisationInvites", { ...user, path: org }, 403);
    await invoke("getOrganisationInvite", { ...user, path: invite }, 403);
    await invoke("resendOrganisationInvite", { ...user, path: invite }, 403);
    await invoke("revokeOrganisationInvite", { ...user, path: invite }, 403);
    await invoke("listOrganisationInviteLinks", { ...user, path: org }, 403);
    await invoke("createOrganisationInviteLink", { ...user, path: org, body: {} }, 403);
    await invoke(
      "deleteOrganisationInviteLink",
      { ...user, path: { ...org, inviteLinkId: link.body.id } },
      403,
    );

    await invoke(
      "joinOrganisationFromEmailInvite",
      { token: member.token, path: { hash: resent.body.hash } },
      400,
    );
    await invoke(
      "joinOrganisationFromEmailInvite",
      { token: newcomer.token, path: { hash: resent.body.hash } },
      200,
    );
    await invoke(
      "joinOrganisationFromEmailInvite",
      { token: newcomer.token, path: { hash: resent.body.hash } },
      404,
    );

    const again = await invoke(
      "inviteToOrganisation",
      { token, path: org, body: { emails: ["c@example.com"] } },
      201,
    );
    await invoke("revokeOrganisationInvite", { token, path: { ...org, inviteId: again.body[0].id } }, 204);
    await invoke("revokeOrganisationInvite", { token, path: { ...org, inviteId: again.body[0].id } }, 404);
    await invoke(
      "deleteOrganisationInviteLink",
      { token, path: { ...org, inviteLinkId: link.body.id } },
      204,
    );
    await invoke(
      "deleteOrganisationInviteLink",
      { token, path: { ...org, inviteLinkId: link.body.id } },
      404,
    );

    // Expired: both kinds answer 400 `Invite has expired`.
    const dated = await invoke("createOrganisationInviteLink", { token, path: org, body: {} }, 201);
    const late = await invoke(
      "inviteToOrganisation",
      { token, path: org, body: { emails: [member.email] } },
      400,
    );
    expect(late.body.email[0]).toContain("already a member");
    const lateInvite = await invoke(
      "inviteToOrganisation",
      { token, path: org, body: { emails: [`${unique("late")}@example.com`] } },
      201,
    );
    await rawQuery(
      inject("databaseUrl"),
      `UPDATE "InviteLink" SET "expiresAt" = "dateCreated" WHERE id = ${dated.body.id}`,
    );
    await rawQuery(
      inject("databaseUrl"),
      `UPDATE "Invite" SET "expiresAt" = "dateCreated" WHERE id = ${lateInvite.body[0].id}`,
    );
    await invoke(
      "joinOrganisationFromInviteLink",
      { token: newcomer.token, path: { hash: dated.body.hash } },
      400,
    );
    await invoke(
      "joinOrganisationFromEmailInvite",
      { token: newcomer.token, path: { hash: lateInvite.body[0].hash } },
      400,
    );
  });
});

describe("webhooks", () => {
  it("manages environment and organisation webhooks and their delivery logs, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    for (const [name, owner, theirs] of [
      ["Environment", { apiKey: s.envKey }, { apiKey: other.envKey }],
      ["Organisation", { organisationId: s.organisationId }, { organisationId: other.organisationId }],
    ] as const) {
      const body = { url: "http://127.0.0.1:1/hook", secret: "x" };
      const created = await invoke(`create${name}Webhook`, { token, path: owner, body }, 201);
      await invoke(`create${name}Webhook`, { token, path: owner, body: { url: "nope" } }, 400);
      await invoke(`create${name}Webhook`, { token, path: theirs, body }, 404);
      await invoke(`list${name}Webhooks`, { token, path: owner }, 200);
      await invoke(`list${name}Webhooks`, { token, path: theirs }, 404);
      const one = { ...owner, webhookId: created.body.id };
      const missing = { ...owner, webhookId: MISSING_ID };
      await invoke(`get${name}Webhook`, { token, path: one }, 200);
      await invoke(`get${name}Webhook`, { token, path: missing }, 404);
      await invoke(`update${name}Webhook`, { token, path: one, body: { enabled: false } }, 200);
      await invoke(`update${name}Webhook`, { token, path: one, body: { enabled: "no" } }, 400);
      await invoke(`update${name}Webhook`, { token, path: missing, body: {} }, 404);
      await invoke(`partialUpdate${name}Webhook`, { token, path: one, body: { secret: "" } }, 200);
      await invoke(`partialUpdate${name}Webhook`, { token, path: one, body: { url: 1 } }, 400);
      await invoke(`partialUpdate${name}Webhook`, { token, path: missing, body: {} }, 404);
      await invoke(`list${name}WebhookDeliveries`, { token, path: one }, 200);
      await invoke(`list${name}WebhookDeliveries`, { token, path: missing }, 404);
      await invoke(`delete${name}Webhook`, { token, path: one }, 204);
      await invoke(`delete${name}Webhook`, { token, path: one }, 404);
    }
    await invoke(
      "testWebhook",
      { token, body: { webhook_url: "http://127.0.0.1:1/", scope: { type: "environment" } } },
      200,
    );
    await invoke("testWebhook", { token, body: {} }, 400);
    const receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    await invoke("testWebhook", { token, body: { webhook_url: url, scope: { type: "organisation" } } }, 200);
    // Ten tests per account a minute by default (README, Limits and security): a fresh account's
    // eleventh is refused.
    const tester = await signUp();
    const sample = { webhook_url: url, scope: { type: "organisation" } };
    for (let i = 0; i < 10; i++) await invoke("testWebhook", { token: tester.token, body: sample }, 200);
    await invoke("testWebhook", { token: tester.token, body: sample }, 429);
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });
});

describe("organisation API keys", () => {
  it("creates, lists, reads, updates and revokes keys, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const org = { organisationId: s.organisationId };
    const theirs = { organisationId: other.organisationId };
    const created = await invoke("createMasterApiKey", { token, path: org, body: { name: "tf" } }, 201);
    await invoke("createMasterApiKey", { token, path: org, body: { name: "" } }, 400);
    await invoke("createMasterApiKey", { token, path: theirs, body: { name: "tf" } }, 404);
    await invoke("listMasterApiKeys", { token, path: org }, 200);
    await invoke("listMasterApiKeys", { token, path: theirs }, 404);
    const one = { ...org, prefix: created.body.prefix };
    const missing = { ...org, prefix: "ZZZZZZZZ" };
    await invoke("getMasterApiKey", { token, path: one }, 200);
    await invoke("getMasterApiKey", { token, path: missing }, 404);
    await invoke("updateMasterApiKey", { token, path: one, body: { name: "ci" } }, 200);
    await invoke("updateMasterApiKey", { token, path: one, body: { name: 1 } }, 400);
    await invoke("updateMasterApiKey", { token, path: missing, body: { name: "x" } }, 404);
    await invoke("partialUpdateMasterApiKey", { token, path: one, body: { is_admin: false } }, 200);
    await invoke("partialUpdateMasterApiKey", { token, path: one, body: { is_admin: "no" } }, 400);
    await invoke("partialUpdateMasterApiKey", { token, path: missing, body: {} }, 404);
    // Members who are not admins, and the keys themselves, may not manage keys.
    const member = { token: (await addMember(s.organisationId)).token };
    await invoke("listMasterApiKeys", { ...member, path: org }, 403);
    await invoke("createMasterApiKey", { ...member, path: org, body: { name: "x" } }, 403);
    await invoke("getMasterApiKey", { ...member, path: one }, 403);
    await invoke("updateMasterApiKey", { ...member, path: one, body: { name: "x" } }, 403);
    await invoke("partialUpdateMasterApiKey", { ...member, path: one, body: {} }, 403);
    await invoke("revokeMasterApiKey", { ...member, path: one }, 403);
    await invoke("revokeMasterApiKey", { token, path: one }, 204);
    await invoke("revokeMasterApiKey", { token, path: one }, 404);
  });
});

describe("feature versions", () => {
  it("lists, reads, compares and restores versions, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const feature = await call(`/api/v1/projects/${s.projectId}/features/`, {
      token,
      body: { name: unique("versioned"), initial_value: "a" },
    });
    const state = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.body.id}`, {
      token,
    });
    await call(`/api/v1/environments/${s.envKey}/featurestates/${state.body.results[0].id}/`, {
      token,
      method: "PATCH",
      body: { enabled: true },
    });
    const path = { apiKey: s.envKey, featureId: feature.body.id };
    const list = await invoke("listFeatureVersions", { token, path }, 200);
    await invoke("listFeatureVersions", { token, path, query: { page: "9" } }, 404);
    const [live, first] = list.body.results;
    const one = { ...path, versionUuid: first.uuid };
    const missing = { ...path, versionUuid: "missing" };
    await invoke("getFeatureVersion", { token, path: one }, 200);
    await invoke("getFeatureVersion", { token, path: missing }, 404);
    await invoke("compareFeatureVersions", { token, path: one, query: { compare_with: live.uuid } }, 200);
    await invoke("compareFeatureVersions", { token, path: one }, 400);
    await invoke("compareFeatureVersions", { token, path: one, query: { compare_with: "missing" } }, 404);
    await invoke("restoreFeatureVersion", { token, path: one }, 201);
    await invoke("restoreFeatureVersion", { token: other.token, path: one }, 404);
    const body = { enabled: true, run_at: "2099-01-01T00:00:00Z" };
    const scheduled = await invoke("createScheduledChange", { token, path, body }, 201);
    await invoke("createScheduledChange", { token, path, body: { enabled: true } }, 400);
    await invoke("createScheduledChange", { token: other.token, path, body }, 404);
    await invoke("listScheduledChanges", { token, path }, 200);
    await invoke("listScheduledChanges", { token: other.token, path }, 404);
    const change = { ...path, changeId: scheduled.body.id };
    await invoke("cancelScheduledChange", { token, path: change }, 204);
    await invoke("cancelScheduledChange", { token, path: change }, 400);
    await invoke("cancelScheduledChange", { token, path: { ...path, changeId: MISSING_ID } }, 404);
  });
});

describe("lookups by uuid and the version probe", () => {
  it("answers each object by its uuid, and documents the errors", async () => {
    const s = await seed();
    const token = s.token;
    const other = await seed();
    const member = await addMember(s.organisationId, "USER");
    const get = async (path: string) => (await call(path, { token })).body;
    const feature = (
      await call(`/api/v1/projects/${s.projectId}/features/`, { token, body: { name: unique("f") } })
    ).body;
    const option = (
      await call(`/api/v1/projects/${s.projectId}/features/${feature.id}/mv-options/`, {
        token,
        body: { type: "unicode", string_value: "x", default_percentage_allocation: 0 },
      })
    ).body;
    const segment = (
      await call(`/api/v1/projects/${s.projectId}/segments/`, {
        token,
        body: {
          name: unique("s"),
          rules: [
            {
              type: "ALL",
              rules: [{ type: "ANY", conditions: [{ property: "a", operator: "EQUAL", value: "b" }] }],
            },
          ],
        },
      })
    ).body;
    const state = (await get(`/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.id}`))
      .results[0];
    const uuids: [string, string, string][] = [
      [
        "getOrganisationByUuid",
        "organisationUuid",
        (await get(`/api/v1/organisations/${s.organisationId}/`)).uuid,
      ],
      ["getProjectByUuid", "projectUuid", (await get(`/api/v1/projects/${s.projectId}/`)).uuid],
      ["getEnvironmentByUuid", "environmentUuid", (await get(`/api/v1/environments/${s.envKey}/`)).uuid],
      ["getFeatureByUuid", "featureUuid", feature.uuid],
      ["getSegmentByUuid", "segmentUuid", segment.uuid],
      ["getMultivariateOptionByUuid", "optionUuid", option.uuid],
      ["getFeatureStateByUuid", "featureStateUuid", state.uuid],
    ];
    for (const [operationId, name, uuid] of uuids) {
      await invoke(operationId, { token, path: { [name]: uuid } }, 200);
      await invoke(operationId, { token: other.token, path: { [name]: uuid } }, 404);
      await invoke(operationId, { token, path: { [name]: "00000000-0000-4000-8000-000000000000" } }, 404);
      if (operationId !== "getOrganisationByUuid")
        await invoke(operationId, { token: member.token, path: { [name]: uuid } }, 403);
    }
    await invoke("getVersionInfo", {}, 200);
  });
});

describe("health", () => {
  it("answers both probes", async () => {
    await invoke("checkLiveness", {}, 200);
    await invoke("checkReadiness", {}, 200);
  });
});

describe("members and permissions", () => {
  it("lists and removes members, changes roles, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const b = await addMember(s.organisationId);
    const c = await addMember(s.organisationId);
    const org = { organisationId: s.organisationId };
    const theirs = { organisationId: other.organisationId };
    await invoke("listOrganisationUsers", { token, path: org }, 200);
    await invoke("listOrganisationUsers", { token, path: org, query: { exclude_current: "maybe" } }, 400);
    await invoke("listOrganisationUsers", { token, path: theirs }, 404);
    const role = (userId: number) => ({ ...org, userId });
    await invoke("updateOrganisationUserRole", { token, path: role(b.id), body: { role: "ADMIN" } }, 200);
    await invoke("updateOrganisationUserRole", { token, path: role(b.id), body: { role: "OWNER" } }, 400);
    await invoke(
      "updateOrganisationUserRole",
      { token: c.token, path: role(c.id), body: { role: "ADMIN" } },
      403,
    );
    await invoke(
      "updateOrganisationUserRole",
      { token, path: role(MISSING_ID), body: { role: "USER" } },
      404,
    );
    await invoke("removeOrganisationUsers", { token, path: org, body: [{ id: c.id }] }, 200);
    await invoke("removeOrganisationUsers", { token, path: org, body: [{ id: MISSING_ID }] }, 400);
    await invoke("removeOrganisationUsers", { token: c.token, path: org, body: [{ id: b.id }] }, 404);
    const d = await addMember(s.organisationId);
    await invoke("removeOrganisationUsers", { token: d.token, path: org, body: [{ id: b.id }] }, 403);
    await invoke("removeOrganisationUsers", { token, path: theirs, body: [] }, 404);
    // What needs the organisation's admin role refuses a member.
    const member = { token: d.token };
    await invoke("updateOrganisation", { ...member, path: org, body: { name: "x" } }, 403);
    await invoke("partialUpdateOrganisation", { ...member, path: org, body: { name: "x" } }, 403);
    await invoke("deleteOrganisation", { ...member, path: org }, 403);
    await invoke("listOrganisationAuditLog", { ...member, path: org }, 403);
    await invoke(
      "getOrganisationAuditLogEntry",
      { ...member, path: { ...org, auditLogId: MISSING_ID } },
      403,
    );
    const hook = { ...org, webhookId: MISSING_ID };
    const hookBody = { url: "http://127.0.0.1:1/hook" };
    await invoke("listOrganisationWebhooks", { ...member, path: org }, 403);
    await invoke("createOrganisationWebhook", { ...member, path: org, body: hookBody }, 403);
    await invoke("getOrganisationWebhook", { ...member, path: hook }, 403);
    await invoke("updateOrganisationWebhook", { ...member, path: hook, body: hookBody }, 403);
    await invoke("partialUpdateOrganisationWebhook", { ...member, path: hook, body: hookBody }, 403);
    await invoke("deleteOrganisationWebhook", { ...member, path: hook }, 403);
    await invoke("listOrganisationWebhookDeliveries", { ...member, path: hook }, 403);
  });

  it("manages groups and their members, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const b = await addMember(s.organisationId);
    const org = { organisationId: s.organisationId };
    const theirs = { organisationId: other.organisationId };
    const created = await invoke(
      "createGroup",
      { token, path: org, body: { name: "Team", users: [b.id] } },
      201,
    );
    await invoke("createGroup", { token, path: org, body: { name: "" } }, 400);
    await invoke("createGroup", { token: b.token, path: org, body: { name: "Mine" } }, 403);
    await invoke("createGroup", { token, path: theirs, body: { name: "X" } }, 404);
    await invoke("listGroups", { token, path: org }, 200);
    await invoke("listGroups", { token, path: theirs }, 404);
    await invoke("listMyGroups", { token: b.token, path: org }, 200);
    await invoke("listMyGroups", { token, path: theirs }, 404);
    await invoke("listGroupSummaries", { token: b.token, path: org }, 200);
    await invoke("listGroupSummaries", { token, path: theirs }, 404);
    const one = { ...org, groupId: created.body.id };
    const missing = { ...org, groupId: MISSING_ID };
    await invoke("getGroup", { token, path: one }, 200);
    await invoke("getGroup", { token: b.token, path: one }, 403);
    await invoke("getGroup", { token, path: missing }, 404);
    for (const id of ["updateGroup", "partialUpdateGroup"]) {
      await invoke(id, { token, path: one, body: { name: unique("g") } }, 200);
      await invoke(id, { token, path: one, body: { name: 5 } }, 400);
      await invoke(id, { token: b.token, path: one, body: { name: "n" } }, 403);
      await invoke(id, { token, path: missing, body: { name: "n" } }, 404);
    }
    for (const id of ["addGroupUsers", "removeGroupUsers"]) {
      await invoke(id, { token, path: one, body: { user_ids: [b.id] } }, 200);
      await invoke(id, { token, path: one, body: { user_ids: "all" } }, 400);
      await invoke(id, { token: b.token, path: one, body: { user_ids: [] } }, 403);
      await invoke(id, { token, path: missing, body: { user_ids: [] } }, 404);
    }
    await invoke("addGroupUsers", { token, path: one, body: { user_ids: [b.id] } }, 200);
    for (const id of ["makeGroupAdmin", "removeGroupAdmin"]) {
      await invoke(id, { token, path: { ...one, userId: b.id } }, 200);
      await invoke(id, { token: b.token, path: { ...one, userId: b.id } }, 403);
      await invoke(id, { token, path: { ...one, userId: MISSING_ID } }, 404);
    }
    await invoke("deleteGroup", { token: b.token, path: one }, 403);
    await invoke("deleteGroup", { token, path: one }, 204);
    await invoke("deleteGroup", { token, path: one }, 404);
  });

  it("lists permission keys and the caller's permissions, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    for (const kind of ["Organisation", "Project", "Environment"])
      await invoke(`list${kind}PermissionKeys`, { token }, 200);
    const paths = {
      Organisation: [{ organisationId: s.organisationId }, { organisationId: other.organisationId }],
      Project: [{ projectId: s.projectId }, { projectId: other.projectId }],
      Environment: [{ apiKey: s.envKey }, { apiKey: other.envKey }],
    };
    for (const [kind, [mine, theirs]] of Object.entries(paths)) {
      await invoke(`getMy${kind}Permissions`, { token, path: mine }, 200);
      await invoke(`getMy${kind}Permissions`, { token, path: theirs }, 404);
    }
  });

  it("reports a member's permissions with their sources, and documents the errors", async () => {
    const s = await seed();
    const { token } = s;
    const b = await addMember(s.organisationId);
    const c = await addMember(s.organisationId);
    const me = (await call("/api/v1/auth/users/me/", { token })).body.id;
    const group = await call(`/api/v1/organisations/${s.organisationId}/groups/`, {
      token,
      body: { name: unique("g"), users: [b.id] },
    });
    await call(`/api/v1/projects/${s.projectId}/user-group-permissions/`, {
      token,
      body: { group: group.body.id, admin: true, permissions: ["VIEW_PROJECT"] },
    });
    const scopes = {
      Organisation: { organisationId: s.organisationId },
      Project: { projectId: s.projectId },
      Environment: { apiKey: s.envKey },
    };
    for (const [kind, scope] of Object.entries(scopes)) {
      const id = `get${kind}UserDetailedPermissions`;
      await invoke(id, { token, path: { ...scope, userId: b.id } }, 200);
      await invoke(id, { token: b.token, path: { ...scope, userId: b.id } }, 200);
      await invoke(id, { token: c.token, path: { ...scope, userId: me } }, 403);
      await invoke(id, { token, path: { ...scope, userId: MISSING_ID } }, 404);
    }
  });

  it("grants users and groups permissions on organisations, projects and environments, and documents the errors", async () => {
    const s = await seed();
    const other = await seed();
    const { token } = s;
    const b = await addMember(s.organisationId);
    const group = await invoke(
      "createGroup",
      { token, path: { organisationId: s.organisationId }, body: { name: unique("g") } },
      201,
    );
    type Kind = {
      name: string;
      mine: Record<string, string | number>;
      theirs: Record<string, string | number>;
      key: string;
    };
    const kinds: Kind[] = [
      {
        name: "Organisation",
        mine: { organisationId: s.organisationId },
        theirs: { organisationId: other.organisationId },
        key: "CREATE_PROJECT",
      },
      {
        name: "Project",
        mine: { projectId: s.projectId },
        theirs: { projectId: other.projectId },
        key: "VIEW_PROJECT",
      },
      {
        name: "Environment",
        mine: { apiKey: s.envKey },
        theirs: { apiKey: other.envKey },
        key: "VIEW_ENVIRONMENT",
      },
    ];
    for (const k of kinds)
      for (const [subject, field, id] of [
        ["User", "user", b.id],
        ["Group", "group", group.body.id],
      ] as const) {
        const what = `${subject}${k.name}Permission`;
        const body = { [field]: id, permissions: [k.key] };
        const created = await invoke(`create${what}`, { token, path: k.mine, body }, 201);
        await invoke(
          `create${what}`,
          { token, path: k.mine, body: { [field]: id, permissions: ["NOPE"] } },
          400,
        );
        await invoke(`create${what}`, { token: b.token, path: k.mine, body }, 403);
        await invoke(`create${what}`, { token, path: k.theirs, body }, 404);
        await invoke(`list${what}s`, { token, path: k.mine }, 200);
        await invoke(`list${what}s`, { token: b.token, path: k.mine }, 403);
        await invoke(`list${what}s`, { token, path: k.theirs }, 404);
        const one = { ...k.mine, grantId: created.body.id };
        const missing = { ...k.mine, grantId: MISSING_ID };
        await invoke(`get${what}`, { token, path: one }, 200);
        await invoke(`get${what}`, { token: b.token, path: one }, 403);
        await invoke(`get${what}`, { token, path: missing }, 404);
        for (const verb of ["update", "partialUpdate"]) {
          await invoke(`${verb}${what}`, { token, path: one, body }, 200);
          await invoke(`${verb}${what}`, { token, path: one, body: { permissions: "all" } }, 400);
          await invoke(`${verb}${what}`, { token: b.token, path: one, body }, 403);
          await invoke(`${verb}${what}`, { token, path: missing, body }, 404);
        }
        await invoke(`delete${what}`, { token: b.token, path: one }, 403);
        await invoke(`delete${what}`, { token, path: one }, 204);
        await invoke(`delete${what}`, { token, path: one }, 404);
      }
  });
});

describe("paths the server answers itself", () => {
  it("evaluates flags over OFREP and refuses bad keys, bodies and names", async () => {
    const s = await seedFeature();
    const { envKey, featureName } = s;
    const bulk = await invoke(
      "ofrepEvaluateFlags",
      { envKey, body: { context: { targetingKey: "u1" } } },
      200,
    );
    await invoke("ofrepEvaluateFlags", { envKey, body: {} }, 200);
    const etag = (await invoke("ofrepEvaluateFlags", { envKey }, 200)).headers.get("etag")!;
    await invoke("ofrepEvaluateFlags", { envKey, headers: { "If-None-Match": etag } }, 304);
    expect(bulk.body.flags.map((f: { key: string }) => f.key)).toContain(featureName);
    await invoke("ofrepEvaluateFlags", { envKey, rawBody: "{" }, 400);
    await invoke("ofrepEvaluateFlags", {}, 401);
    await invoke("ofrepEvaluateFlags", { headers: { Authorization: "Bearer unknownKey" } }, 401);
    const one = { key: featureName };
    await invoke("ofrepEvaluateFlag", { envKey, path: one, body: { context: { plan: "pro" } } }, 200);
    await invoke("ofrepEvaluateFlag", { envKey, path: one, body: { context: { plan: {} } } }, 400);
    await invoke("ofrepEvaluateFlag", { envKey, path: { key: "no-such-flag" } }, 404);
    await invoke("ofrepEvaluateFlag", { path: one }, 401);
    await invoke("ofrepEvaluateFlag", { envKey: "unknownKey", path: one }, 401);
    // An organisation that stopped serving flags: its key is known, and refused.
    const org = await call(`/api/v1/organisations/${s.organisationId}/`, {
      method: "PATCH",
      token: s.token,
      body: { stop_serving_flags: true },
    });
    expect(org.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while ((await call("/ofrep/v1/evaluate/flags/", { method: "POST", envKey })).status !== 403) {
      if (Date.now() > deadline) throw new Error("OFREP kept serving a stopped organisation");
      await new Promise((r) => setTimeout(r, 100));
    }
    await invoke("ofrepEvaluateFlags", { envKey }, 403);
    await invoke("ofrepEvaluateFlag", { envKey, path: one }, 403);
  });

  it("refuses an event stream for an unknown environment key", async () => {
    await invoke("streamEnvironmentUpdates", { path: { apiKey: "unknownKey" } }, 404);
  });
});

describe("organisation dump files", () => {
  /** The import takes a multipart form, which `invoke` does not send. */
  async function invokeDumpImport(input: Input, content: string, expectedStatus: number) {
    const op = byId.get("importFlagsmithDump")!;
    const form = new FormData();
    form.set("file", new Blob([content]), "dump.json");
    const res = await fetch(`${inject("baseUrl")}${urlOf(op, input)}`, {
      method: "POST",
      headers: input.token ? { Authorization: `Token ${input.token}` } : {},
      body: form,
    });
    const text = await res.text();
    const result = { status: res.status, text, headers: res.headers, body: text ? JSON.parse(text) : null };
    expect(result.status, `importFlagsmithDump: ${text}`).toBe(expectedStatus);
    checkConformance(op, result);
  }

  it("imports a dump and exports an organisation, and documents the errors", async () => {
    const { token, organisationId } = await seed();
    const member = await addMember(organisationId);
    const other = await seed();
    const path = { organisationId };
    await invoke("exportFlagsmithDump", { token, path }, 200);
    await invoke("exportFlagsmithDump", { token, path, query: { keep_ids: "maybe" } }, 400);
    await invoke("exportFlagsmithDump", { token: member.token, path }, 403);
    await invoke("exportFlagsmithDump", { token: other.token, path }, 404);
    const fixture = readFileSync("tests/fixtures/flagsmith-dump.json", "utf8");
    await invokeDumpImport({ token, path }, fixture, 201);
    await invokeDumpImport({ token, path }, "{", 400);
    await invokeDumpImport({ token: member.token, path }, fixture, 403);
    await invokeDumpImport({ token: other.token, path }, fixture, 404);
  });
});

describe("feature export and import files", () => {
  /** The import takes a multipart form, which `invoke` does not send. */
  async function invokeImport(input: Input, content: string | null, expectedStatus: number) {
    const op = byId.get("importFeatures")!;
    const form = new FormData();
    if (content !== null) form.set("file", new Blob([content]), "export.json");
    form.set("strategy", "SKIP");
    const res = await fetch(`${inject("baseUrl")}${urlOf(op, input)}`, {
      method: "POST",
      headers: input.token ? { Authorization: `Token ${input.token}` } : {},
      body: form,
    });
    const text = await res.text();
    const result = { status: res.status, text, headers: res.headers, body: text ? JSON.parse(text) : null };
    expect(result.status, `importFeatures: ${text}`).toBe(expectedStatus);
    checkConformance(op, result);
  }

  it("exports, downloads, imports and lists, and documents the errors", async () => {
    const s = await seed();
    const { token, projectId, environmentId, organisationId } = s;
    const member = await addMember(organisationId);
    const other = await seed();
    const body = { environment_id: environmentId, tag_ids: [] };
    const made = await invoke("createFeatureExport", { token, body }, 201);
    await invoke("createFeatureExport", { token, body: { environment_id: "x" } }, 400);
    await invoke("createFeatureExport", { token: member.token, body }, 403);
    const path = { featureExportId: made.body.id };
    await invoke("downloadFeatureExport", { token, path }, 200);
    await invoke("downloadFeatureExport", { token: member.token, path }, 403);
    await invoke("downloadFeatureExport", { token, path: { featureExportId: MISSING_ID } }, 404);
    await rawQuery(
      inject("databaseUrl"),
      `INSERT INTO "FeatureExport" ("environmentId", "status") VALUES (${Number(environmentId)}, 'FAILED')`,
    );
    const listed = await invoke("listFeatureExports", { token, path: { projectId } }, 200);
    const failed = listed.body.results.find((e: { status: string }) => e.status === "FAILED");
    await invoke("downloadFeatureExport", { token, path: { featureExportId: failed.id } }, 400);
    await invoke("listFeatureExports", { token, path: { projectId }, query: { page: "9" } }, 404);
    await invoke("listFeatureExports", { token: member.token, path: { projectId } }, 403);
    const target = { environmentId };
    await invokeImport({ token, path: target }, "[]", 201);
    await invokeImport({ token, path: target }, "{", 400);
    await invokeImport({ token: member.token, path: target }, "[]", 403);
    await invokeImport({ token: other.token, path: target }, "[]", 404);
    await invoke("listFeatureImports", { token, path: { projectId } }, 200);
    await invoke("listFeatureImports", { token, path: { projectId }, query: { page: "9" } }, 404);
    await invoke("listFeatureImports", { token: member.token, path: { projectId } }, 403);
  });
});

describe("change request impact", () => {
  it("answers the blast radius of an environment and a segment change request, and documents the errors", async () => {
    const s = await seed();
    const { token, projectId, envKey, organisationId } = s;
    const member = await addMember(organisationId);
    const other = await seed();
    const feature = await call(`/api/v1/projects/${projectId}/features/`, {
      token,
      body: { name: unique("f") },
    });
    const segment = await call(`/api/v1/projects/${projectId}/segments/`, {
      token,
      body: { name: unique("s"), rules: segmentRules },
    });
    const cr = await call(`/api/v1/environments/${envKey}/create-change-request/`, {
      token,
      body: { title: unique("cr"), feature_states: [{ feature: feature.body.id, enabled: true }] },
    });
    const path = { changeRequestId: cr.body.id };
    await invoke("getChangeRequestImpact", { token, path, query: { examples: "1" } }, 200);
    await invoke("getChangeRequestImpact", { token, path, query: { examples: "x" } }, 400);
    await invoke("getChangeRequestImpact", { token: member.token, path }, 403);
    await invoke("getChangeRequestImpact", { token: other.token, path }, 404);
    const segmentCr = await call(`/api/v1/projects/${projectId}/change-requests/`, {
      token,
      body: { title: unique("cr"), segments: [{ id: segment.body.id, rules: segmentRules }] },
    });
    const projectPath = { projectId, projectChangeRequestId: segmentCr.body.id };
    const query = { environment: envKey };
    await invoke("getProjectChangeRequestImpact", { token, path: projectPath, query }, 200);
    await invoke("getProjectChangeRequestImpact", { token, path: projectPath }, 400);
    await invoke("getProjectChangeRequestImpact", { token: member.token, path: projectPath, query }, 403);
    await invoke(
      "getProjectChangeRequestImpact",
      { token, path: { projectId, projectChangeRequestId: MISSING_ID }, query },
      404,
    );
  });
});

describe("environment trait keys", () => {
  it("lists the keys its identities hold, and 404 for an unknown environment", async () => {
    const s = await seed();
    await call("/api/v1/identities/", {
      envKey: s.envKey,
      body: { identifier: "ada", traits: [{ trait_key: "plan", trait_value: "pro" }] },
    });
    const res = await invoke("listEnvironmentTraitKeys", { token: s.token, path: { apiKey: s.envKey } }, 200);
    expect(res.body).toEqual({ keys: ["plan"] });
    await invoke("listEnvironmentTraitKeys", { token: s.token, path: { apiKey: "nosuchkey" } }, 404);
  });
});

describe("coverage", () => {
  it("exercised every documented answer of every operation", () => {
    const documented = OPERATIONS.flatMap((op) =>
      Object.keys(op.responses).map((status) => `${op.operationId} ${status}`),
    );
    expect(documented.filter((k) => !exercised.has(k) && !NOT_EXERCISED.has(k))).toEqual([]);
    expect(
      [...NOT_EXERCISED].filter((k) => !documented.includes(k)),
      "stale exemptions",
    ).toEqual([]);
  });
});
