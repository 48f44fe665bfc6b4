// Issue #24, findings 1 and 2: on a server with the production heap (160 MB), environments
// filled up to their documented quotas (default settings) are served in parallel without the
// process running out of memory: the snapshot cache keeps to its byte budget, compiles run a
// few at a time, and descriptions count toward the per-environment budget and have a maximum.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, unique, type ApiResult, type CallOptions } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startEnsign, type RunningEnsign } from "../support/server";

const ENVIRONMENTS = 6;
// Two-byte characters: V8 keeps them at two bytes each, UTF-8 at three.
const FULL_VALUE = "€".repeat(20_000);

let database: TestDatabase;
let server: RunningEnsign;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startEnsign({
    databaseUrl: database.url,
    nodeArgs: ["--max-old-space-size=160", "--min-semi-space-size=8", "--max-semi-space-size=8"],
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const api = <T = any>(path: string, options: CallOptions = {}) =>
  call<T>(path, { baseUrl: server.url, ...options });

async function owner(): Promise<{ token: string; organisationId: number }> {
  const email = `${unique("user")}@example.com`;
  const user = await api("/api/v1/auth/users/", { body: { email, password: "correct-horse-9" } });
  expect(user.status).toBe(201);
  const org = await api("/api/v1/organisations/", { token: user.body.key, body: { name: unique("org") } });
  return { token: user.body.key, organisationId: org.body.id };
}

type Environment = { clientKey: string; serverKey: string };

async function project(token: string, organisation: number, environments: number) {
  const created = await api("/api/v1/projects/", { token, body: { name: unique("p"), organisation } });
  expect(created.status).toBe(201);
  const keys: Environment[] = [];
  for (let i = 0; i < environments; i++) {
    const env = await api("/api/v1/environments/", {
      token,
      body: { name: `env-${i}`, project: created.body.id },
    });
    expect(env.status).toBe(201);
    const serverKey = await api(`/api/v1/environments/${env.body.api_key}/api-keys/`, {
      token,
      body: { name: "backend" },
    });
    expect(serverKey.status).toBe(201);
    keys.push({ clientKey: env.body.api_key, serverKey: serverKey.body.key });
  }
  return { id: created.body.id as number, environments: keys };
}

/** The answer, or the network error that replaced it (the process died). */
async function attempt(path: string, envKey: string): Promise<ApiResult | Error> {
  try {
    return await api(path, { envKey });
  } catch (error) {
    return error as Error;
  }
}

function describeAnswer(answer: ApiResult | Error): string {
  if (answer instanceof Error) return `network error: ${answer.message}`;
  if (answer.status === 200) return "200";
  const json = answer.headers.get("content-type")?.includes("application/json") ? "json" : "not json";
  return `${answer.status} ${json} retry-after=${answer.headers.get("retry-after")} ${answer.text.slice(0, 200)}`;
}

describe("environments filled to their quotas under the production heap", () => {
  it("are all served in parallel, and the process stays up", async () => {
    const { token, organisationId } = await owner();
    const { id, environments } = await project(token, organisationId, ENVIRONMENTS);
    // Each feature brings the same value to every environment of the project: fill until the
    // per-environment budget (or any other quota) refuses the next one.
    let refused: ApiResult | null = null;
    for (let i = 0; i < 1000 && !refused; i++) {
      const res = await api(`/api/v1/projects/${id}/features/`, {
        token,
        body: { name: `full-${i}`, initial_value: FULL_VALUE, description: FULL_VALUE },
      });
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(400);
    expect(refused?.body.environment[0]).toMatch(/^What one environment serves to SDKs .* at most 2000000 /);
    // Descriptions count toward the budget with names and values (2,000,000 characters by
    // default): what is left of it takes at most two more.
    let described: ApiResult | null = null;
    for (let i = 0; i < 5 && !described; i++) {
      const res = await api(`/api/v1/projects/${id}/features/`, {
        token,
        body: { name: `described-${i}`, description: FULL_VALUE },
      });
      if (res.status !== 201) described = res;
    }
    expect(described?.status).toBe(400);
    expect(Object.keys(described!.body)).toEqual(["environment"]);

    const paths = environments.flatMap(({ clientKey, serverKey }) => [
      ["/api/v1/flags/", clientKey],
      ["/api/v1/flags/", serverKey],
      ["/api/v1/environment-document/", serverKey],
    ]);
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(paths.map(([path, key]) => attempt(path, key)));
      const bad = answers
        .map(describeAnswer)
        .filter((a) => a !== "200" && !/^503 json retry-after=\d/.test(a));
      expect(bad).toEqual([]);
      expect(server.process.exitCode).toBeNull();
    }
    const flags = await api("/api/v1/flags/", { envKey: environments[0].clientKey });
    expect(flags.status).toBe(200);
    expect(flags.body[0].feature_state_value).toBe(FULL_VALUE);
    expect((await api("/health/readiness/")).status).toBe(200);
  }, 300_000);
});

describe("feature descriptions", () => {
  it("are refused past 20,000 characters with DRF's message, writing nothing", async () => {
    const { token, organisationId } = await owner();
    const { id } = await project(token, organisationId, 1);
    const features = `/api/v1/projects/${id}/features/`;
    const huge = await api(features, { token, body: { name: "huge", description: "d".repeat(1_000_000) } });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ description: ["Ensure this field has no more than 20000 characters."] });
    const over = await api(features, { token, body: { name: "over", description: "d".repeat(20_001) } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ description: ["Ensure this field has no more than 20000 characters."] });
    expect((await api(features, { token })).body.count).toBe(0);

    const fits = await api(features, { token, body: { name: "fits", description: "d".repeat(20_000) } });
    expect(fits.status).toBe(201);
    const update = await api(`${features}${fits.body.id}/`, {
      token,
      method: "PATCH",
      body: { description: "d".repeat(1_000_000) },
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ description: ["Ensure this field has no more than 20000 characters."] });
    expect((await api(`${features}${fits.body.id}/`, { token })).body.description).toBe("d".repeat(20_000));
  });
});

describe("an environment over a lowered budget", () => {
  it("can still be edited down, and refuses what would add to it", async () => {
    const { token, organisationId } = await owner();
    const { id } = await project(token, organisationId, 1);
    const ids: number[] = [];
    for (const name of ["a", "b", "c"]) {
      const res = await api(`/api/v1/projects/${id}/features/`, {
        token,
        body: { name, description: "d".repeat(20_000) },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // The same database served with a budget its data already exceeds (60,003 characters).
    const lowered = await startEnsign({
      databaseUrl: database.url,
      env: { ENSIGN_MAX_ENVIRONMENT_VALUE_CHARS: "50000" },
    });
    try {
      const patch = (featureId: number, description: string) =>
        call(`/api/v1/projects/${id}/features/${featureId}/`, {
          baseUrl: lowered.url,
          token,
          method: "PATCH",
          body: { description },
        });
      const shorter = await patch(ids[0], "d".repeat(10_000));
      expect(shorter.status).toBe(200);
      const longer = await patch(ids[0], "d".repeat(15_000));
      expect(longer.status).toBe(400);
      expect(longer.body.environment[0]).toMatch(/at most 50000 characters; this change would make 55003\.$/);
      const created = await call(`/api/v1/projects/${id}/features/`, {
        baseUrl: lowered.url,
        token,
        body: { name: "e" },
      });
      expect(created.status).toBe(400);
    } finally {
      await lowered.stop();
    }
  }, 120_000);
});
