// Not part of any CI run (skipped unless ENSIGN_HOSTILE_EXHAUSTIVE=1): the hostile walk's number
// mutations, exhaustively. Every documented operation, with each number-shaped value in every
// field of a full well-formed body, in every query parameter and in every path parameter; only
// the answers' rules are checked (no 5xx, Flagsmith's error shape). About 12,000 calls: run it
// in slices (ENSIGN_HOSTILE_EXHAUSTIVE_FROM/_TO, operation indexes), with fewer values
// (ENSIGN_HOSTILE_EXHAUSTIVE_VALUES, raw JSON separated by |) or without the paging parameters
// (ENSIGN_HOSTILE_EXHAUSTIVE_PAGING=0). Findings are printed as they come.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { idsFor, MISSING_IDS, seedTenant, type Tenant } from "../support/routes";
import { startEnsign, type RunningEnsign } from "../support/server";
import { problemWith } from "./answers";
import { exampleOf, isDestructive, operationsOf, type Context } from "./cases";
import { createRng } from "./prng";
import { sendRaw } from "./raw-http";

const RUN = !!process.env.ENSIGN_HOSTILE_EXHAUSTIVE;
const VALUES = (
  process.env.ENSIGN_HOSTILE_EXHAUSTIVE_VALUES ??
  '2147483648|-2147483649|1e308|1.5|"2147483648"|9007199254740993|-1'
).split("|");
const QVALUES = ["2147483648", "99999999999999999999999", "1e400", "-1", "1.5", "-2147483649"];
const PVALUES = ["2147483648", "12345678901234567890", "-2147483649"];
let database: TestDatabase;
let server: RunningEnsign;
let main: Tenant;
let scratch: Tenant;
const PH = "__ph__";

function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (prefix.length > 6) return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [k, c] of entries) {
    out.push([...prefix, k]);
    paths(c, [...prefix, k], out);
  }
  return out;
}
function setRaw(body: unknown, path: (string | number)[], raw: string) {
  const copy = structuredClone(body) as any;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k];
  node[path[path.length - 1]] = PH;
  return JSON.stringify(copy).replace(`"${PH}"`, raw);
}

describe.runIf(RUN)("exhaustive numbers", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startEnsign({ databaseUrl: database.url, env: { ENSIGN_HEAP_MB: "160" } });
    main = await seedTenant(server.url);
    scratch = await seedTenant(server.url);
    await seed(server.url);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("walks", async () => {
    const doc = JSON.parse((await sendRaw(server.url, { method: "GET", path: "/api/v1/swagger.json" })).text);
    const from = Number(process.env.ENSIGN_HOSTILE_EXHAUSTIVE_FROM ?? 0);
    const to = Number(process.env.ENSIGN_HOSTILE_EXHAUSTIVE_TO ?? 100000);
    const ops = operationsOf(doc)
      .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)))
      .slice(from, to);
    const findings: string[] = [];
    let sent = 0;
    for (const op of ops) {
      console.log(`[exhaustive] op ${op.method} ${op.template}`);
      const tenant = isDestructive(op) ? scratch : main;
      const ids = idsFor(tenant, op.template.replace(/\{(\w+)\}/g, "[$1]"));
      const full = { ...createRng(1), chance: () => true };
      const ctx: Context = { rng: full, ids, document: doc };
      const base = op.body ? exampleOf(op.body, "body", ctx) : undefined;
      const fill = (over: Record<string, string> = {}) =>
        op.template.replace(
          /\{(\w+)\}/g,
          (_, n) => over[n] ?? encodeURIComponent(String(ids[n] ?? MISSING_IDS[n] ?? "1")),
        );
      const headers: Record<string, string> =
        op.security === "environmentKey"
          ? { "X-Environment-Key": tenant.envKey }
          : { Authorization: `Token ${tenant.token}` };
      const reqs: { path: string; body?: string; what: string }[] = [];
      const bodyText = base === undefined ? undefined : JSON.stringify(base);
      for (const p of base === undefined ? [] : paths(base))
        for (const v of VALUES)
          reqs.push({ path: fill(), body: setRaw(base, p, v), what: `body ${p.join(".")}=${v}` });
      const extra = process.env.ENSIGN_HOSTILE_EXHAUSTIVE_PAGING === "0" ? [] : ["page", "page_size"];
      for (const q of [...op.query.map((x) => x.name), ...extra])
        for (const v of QVALUES)
          reqs.push({
            path: `${fill()}?${encodeURIComponent(q)}=${v}`,
            body: bodyText,
            what: `query ${q}=${v}`,
          });
      for (const n of op.pathParams)
        for (const v of PVALUES)
          reqs.push({ path: fill({ [n]: v }), body: bodyText, what: `path ${n}=${v}` });
      for (const r of reqs) {
        sent++;
        const answer = await sendRaw(server.url, {
          method: op.method,
          path: r.path,
          body: r.body,
          headers: { ...headers, ...(r.body !== undefined ? { "Content-Type": "application/json" } : {}) },
        });
        const problem = problemWith(answer, r.path);
        if (problem) {
          const line = `${op.method} ${op.template} [${op.operationId}] ${r.what}: ${problem} ${answer.text.slice(0, 200)}`;
          findings.push(line);
          console.log("[exhaustive] " + line);
        }
      }
    }
    console.log(`[exhaustive] ${ops.length} operations, ${sent} requests, ${findings.length} findings`);
    expect(findings).toEqual([]);
  }, 3_600_000);
});
