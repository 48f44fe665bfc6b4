// Test data over HTTP: accounts, sessions and the API calls specs check against. Specs
// sign in over HTTP (next-auth's credentials callback) except the one testing the form.
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { randomBytes } from "node:crypto";

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

export type Account = { email: string; password: string; token: string };
export type Seed = Account & {
  organisationId: number;
  projectId: number;
  environmentId: number;
  envKey: string;
};

type CallOptions = { method?: string; body?: unknown; token?: string; envKey?: string };

export async function call<T = unknown>(request: APIRequestContext, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Token ${options.token}`;
  if (options.envKey) headers["X-Environment-Key"] = options.envKey;
  const response = await request.fetch(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    data: options.body,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status(), body: body as T };
}

export async function signUp(request: APIRequestContext): Promise<Account> {
  const email = `${unique("user")}@example.com`;
  const password = "correct-horse-battery";
  const res = await call<{ key: string }>(request, "/api/v1/auth/users/", {
    body: { email, password, first_name: "Ada", last_name: "Lovelace" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password, token: res.body.key };
}

/** Signs the browser context in through next-auth's credentials callback. */
export async function signIn(context: BrowserContext, account: { email: string; password: string }) {
  const csrf = await context.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { email: account.email, password: account.password, csrfToken, json: "true" },
  });
  expect(res.ok()).toBeTruthy();
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name.endsWith("next-auth.session-token"))).toBeTruthy();
}

/** An account with an organisation, a project and an environment, signed in in `context`. */
export async function seed(context: BrowserContext): Promise<Seed> {
  const account = await signUp(context.request);
  const token = account.token;
  const org = await call<{ id: number }>(context.request, "/api/v1/organisations/", {
    token,
    body: { name: unique("Org") },
  });
  const project = await call<{ id: number }>(context.request, "/api/v1/projects/", {
    token,
    body: { name: unique("Project"), organisation: org.body.id },
  });
  const env = await call<{ id: number; api_key: string }>(context.request, "/api/v1/environments/", {
    token,
    body: { name: "Development", project: project.body.id },
  });
  expect(env.status).toBe(201);
  await signIn(context, account);
  return {
    ...account,
    organisationId: org.body.id,
    projectId: project.body.id,
    environmentId: env.body.id,
    envKey: env.body.api_key,
  };
}

export const featuresPath = (s: Seed) => `/projects/${s.projectId}/environments/${s.envKey}/features/`;
export const envPath = (s: Seed, section: string) =>
  `/projects/${s.projectId}/environments/${s.envKey}/${section}/`;

/** A feature of the seeded project, created over the API. */
export async function createFeature(request: APIRequestContext, s: Seed, body: Record<string, unknown>) {
  const res = await call<{ id: number }>(request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * A segment of one trait condition (`property operator value`) and, on `featureId`, its
 * override in the seeded environment: enabled, with a text value.
 */
export async function createSegmentOverride(
  request: APIRequestContext,
  s: Seed,
  options: {
    featureId: number;
    segmentName: string;
    condition: { property: string; operator: string; value: string };
    value: string;
  },
) {
  const segment = await call<{ id: number }>(request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: options.segmentName,
      project: s.projectId,
      rules: [{ type: "ALL", rules: [{ type: "ANY", rules: [], conditions: [options.condition] }] }],
    },
  });
  expect(segment.status, JSON.stringify(segment.body)).toBe(201);
  const featureSegment = await call<{ id: number }>(request, "/api/v1/features/feature-segments/", {
    token: s.token,
    body: { feature: options.featureId, segment: segment.body.id, environment: s.environmentId },
  });
  expect(featureSegment.status, JSON.stringify(featureSegment.body)).toBe(201);
  const override = await call(request, "/api/v1/features/featurestates/", {
    token: s.token,
    body: {
      feature: options.featureId,
      feature_segment: featureSegment.body.id,
      environment: s.environmentId,
      enabled: true,
      feature_state_value: { type: "unicode", string_value: options.value },
    },
  });
  expect(override.status, JSON.stringify(override.body)).toBe(201);
  return { segmentId: segment.body.id, featureSegmentId: featureSegment.body.id };
}
