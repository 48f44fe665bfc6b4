// `npx tsx bench/impact.ts`: the blast radius (POST /api/v1/environments/{key}/impact/) over
// 10,000 stored identities with five traits each, in the heavy profile (50 features, 15
// segments of 15 conditions, 80 segment overrides). Prints the time of each impact run, and
// GET /flags/ latency (p50/p99) with no impact running and while impact runs back to back,
// so that a blocked event loop would show. Options: --identities=<n> (10000) --runs=<n> (3)
// --flags-concurrency=<n> (4) --inline (evaluate on the server's event loop, ENSIGN_IMPACT_WORKER=0,
// instead of its impact worker thread). DATABASE: SQLite in a temp dir unless TEST_DATABASE=postgres.
import { createTestDatabase } from "../tests/support/database";
import { startEnsign } from "../tests/support/server";
import { randomTraits, seedHeavyProfile } from "./seed";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const IDENTITIES = Number(args.identities ?? 10_000);
const RUNS = Number(args.runs ?? 3);
const FLAGS_CONCURRENCY = Number(args["flags-concurrency"] ?? 4);
const INLINE = args.inline === "true";

/** fetch, once more if a kept-alive socket was closed by the server in between. */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const database = await createTestDatabase();
  const ensign = await startEnsign({
    databaseUrl: database.url,
    env: INLINE ? { ENSIGN_IMPACT_WORKER: "0" } : {},
  });
  const base = ensign.url;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await request(base + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  try {
    const user = await post("/api/v1/auth/users/", {
      email: "bench@example.com",
      password: "correct-horse-9",
    });
    const token = user.key as string;
    const org = await post("/api/v1/organisations/", { name: "bench" }, token);
    const project = await post("/api/v1/projects/", { name: "bench", organisation: org.id }, token);
    const env = await post("/api/v1/environments/", { name: "Production", project: project.id }, token);
    await seedHeavyProfile((p, init) => post(p, init?.body, token), project.id, env.id, env.api_key);

    process.env.DATABASE_URL = database.url;
    const { getDb } = await import("@/lib/db/client");
    const { generateUuid } = await import("@/lib/keys");
    const db = getDb();
    const BATCH = 1000;
    for (let start = 0; start < IDENTITIES; start += BATCH) {
      const size = Math.min(BATCH, IDENTITIES - start);
      const data = Array.from({ length: size }, (_, i) => ({
        uuid: generateUuid(),
        identifier: `impact-${start + i}`,
        environmentId: env.id,
      }));
      await db.identity.createMany({ data });
      const rows = await db.identity.findMany({
        where: { environmentId: env.id, identifier: { in: data.map((d) => d.identifier) } },
        select: { id: true, identifier: true },
      });
      const traits = rows.flatMap((row) =>
        randomTraits(Number(row.identifier.slice("impact-".length))).map((t) => ({
          identityId: row.id,
          traitKey: t.trait_key,
          valueType:
            typeof t.trait_value === "boolean"
              ? "bool"
              : typeof t.trait_value === "number"
                ? Number.isInteger(t.trait_value)
                  ? "int"
                  : "float"
                : "unicode",
          value:
            typeof t.trait_value === "boolean" ? (t.trait_value ? "True" : "False") : String(t.trait_value),
        })),
      );
      await db.trait.createMany({ data: traits });
    }
    await db.$disconnect();

    const features = await (
      await request(`${base}/api/v1/projects/${project.id}/features/?page_size=100`, {
        headers: { authorization: `Token ${token}` },
      })
    ).json();
    const segments = await (
      await request(`${base}/api/v1/projects/${project.id}/segments/?page_size=100`, {
        headers: { authorization: `Token ${token}` },
      })
    ).json();
    const proposal = {
      feature_states: [
        { feature: features.results[0].id, enabled: true },
        { feature: features.results[1].id, feature_state_value: "changed" },
      ],
      segments: [
        {
          id: segments.results[0].id,
          rules: [
            {
              type: "ALL",
              rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "gold" }] }],
            },
          ],
        },
      ],
    };

    const flagLatencies = async (while_: () => Promise<void>) => {
      const times: number[] = [];
      let running = true;
      const workers = Array.from({ length: FLAGS_CONCURRENCY }, async () => {
        while (running) {
          const t0 = performance.now();
          const res = await request(`${base}/api/v1/flags/`, {
            headers: { "X-Environment-Key": env.api_key },
          });
          await res.arrayBuffer();
          times.push(performance.now() - t0);
        }
      });
      await while_();
      running = false;
      await Promise.all(workers);
      return times.sort((a, b) => a - b);
    };

    const impactRun = async () => {
      const t0 = performance.now();
      const result = await post(`/api/v1/environments/${env.api_key}/impact/`, proposal, token);
      return { ms: performance.now() - t0, result };
    };

    const idle = await flagLatencies(() => new Promise((r) => setTimeout(r, 5000)));
    const runs: { ms: number; result: { identities_scanned: number; identities_changed: number } }[] = [];
    const busy = await flagLatencies(async () => {
      for (let i = 0; i < RUNS; i++) runs.push(await impactRun());
    });

    console.log(
      `impact over ${IDENTITIES} stored identities (${process.env.TEST_DATABASE ?? "sqlite"}, ${INLINE ? "inline on the event loop" : "on the impact worker"}):`,
    );
    for (const [i, run] of runs.entries())
      console.log(
        `  run ${i + 1}: ${run.ms.toFixed(0)} ms, scanned ${run.result.identities_scanned}, changed ${run.result.identities_changed}`,
      );
    const line = (label: string, t: number[]) =>
      console.log(
        `  GET /flags/ ${label}: ${t.length} requests, p50 ${percentile(t, 50).toFixed(1)} ms, p99 ${percentile(t, 99).toFixed(1)} ms, max ${t[t.length - 1].toFixed(1)} ms`,
      );
    line("idle        ", idle);
    line("during impact", busy);
  } finally {
    await ensign.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
