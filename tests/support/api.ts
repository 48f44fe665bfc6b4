// A small HTTP client for the API tests, and seeding helpers that go through the API
// itself (each test makes its own uniquely named user, organisation, project, environment).
import { randomBytes } from "node:crypto";
import { inject } from "vitest";

export type ApiResult<T = any> = { status: number; body: T; headers: Headers; text: string };

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** Sent as-is (for malformed JSON tests). */
  rawBody?: string;
  token?: string;
  envKey?: string;
  headers?: Record<string, string>;
  baseUrl?: string;
};

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Token ${options.token}`;
  if (options.envKey) headers["X-Environment-Key"] = options.envKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const res = await fetch(`${options.baseUrl ?? baseUrl()}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

export type Seeded = {
  token: string;
  email: string;
  organisationId: number;
  projectId: number;
  environmentId: number;
  envKey: string;
};

export async function signUp(baseUrl?: string): Promise<{ token: string; email: string; id: number }> {
  const email = `${unique("user")}@example.com`;
  const res = await call("/api/v1/auth/users/", { body: { email, password: "correct-horse-9" }, baseUrl });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { token: res.body.key, email, id: res.body.id };
}

/** A user with an organisation, a project and one environment (on this run's server by default). */
export async function seed(baseUrl?: string): Promise<Seeded> {
  const { token, email } = await signUp(baseUrl);
  const org = await call("/api/v1/organisations/", { token, body: { name: unique("org") }, baseUrl });
  const project = await call("/api/v1/projects/", {
    token,
    body: { name: unique("project"), organisation: org.body.id },
    baseUrl,
  });
  const env = await call("/api/v1/environments/", {
    token,
    body: { name: "Development", project: project.body.id },
    baseUrl,
  });
  if (env.status !== 201) throw new Error(`seeding failed: ${env.status} ${env.text}`);
  return {
    token,
    email,
    organisationId: org.body.id,
    projectId: project.body.id,
    environmentId: env.body.id,
    envKey: env.body.api_key,
  };
}
