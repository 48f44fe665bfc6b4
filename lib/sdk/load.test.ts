// loadEnvironment's segment rule trees, read from a real database: the segments of the
// environment's project only, each rule under its parent in position order, four levels deep
// (the deepest level with its conditions but no rules under it), and a rule that names its
// segment as well as a parent listed at the top as well as under its parent, as before the
// trees were read in three queries.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/migrations";

const dir = mkdtempSync(path.join(tmpdir(), "ensign-load-"));
const url = `file:${path.join(dir, "load.db")}`;

let client: typeof import("@/lib/db/client");
let load: typeof import("./load");

beforeAll(async () => {
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  client = await import("@/lib/db/client");
  load = await import("./load");
}, 60_000);

afterAll(async () => {
  await client?.db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

type Tree = { type: string; conditions: string[]; rules?: Tree[] };

describe("loadEnvironment's segments", () => {
  it("reads each segment's rule tree four levels deep, in position order", async () => {
    const { db } = client;
    const org = await db.organisation.create({ data: { uuid: "o1", name: "Org" } });
    const project = await db.project.create({ data: { uuid: "p1", name: "P", organisationId: org.id } });
    const other = await db.project.create({ data: { uuid: "p2", name: "Q", organisationId: org.id } });
    const env = await db.environment.create({
      data: { uuid: "e1", name: "Dev", apiKey: "key-1", projectId: project.id },
    });
    const segment = await db.segment.create({ data: { uuid: "s1", name: "deep", projectId: project.id } });
    const empty = await db.segment.create({ data: { uuid: "s2", name: "empty", projectId: project.id } });
    const elsewhere = await db.segment.create({ data: { uuid: "s3", name: "other", projectId: other.id } });
    await db.segmentRule.create({ data: { segmentId: elsewhere.id, type: "ALL" } });

    const rule = async (type: string, where: { segmentId?: number; parentRuleId?: number }, position = 0) => {
      const row = await db.segmentRule.create({ data: { ...where, type, position } });
      await db.segmentCondition.create({
        data: { ruleId: row.id, property: `${type}-p`, operator: "EQUAL", value: "1", position: 1 },
      });
      await db.segmentCondition.create({
        data: { ruleId: row.id, property: `${type}-first`, operator: "EQUAL", value: "1", position: 0 },
      });
      return row.id;
    };
    // Created out of order: position, not id, decides.
    const second = await rule("ANY", { segmentId: segment.id }, 1);
    const top = await rule("ALL", { segmentId: segment.id }, 0);
    const level2 = await rule("L2", { parentRuleId: top });
    await rule("L2b", { parentRuleId: second });
    const level3 = await rule("L3", { parentRuleId: level2 });
    const level4 = await rule("L4", { parentRuleId: level3 });
    await rule("L5", { parentRuleId: level4 });
    // Names its segment and a parent: listed at the top (after the others) and under L2.
    await rule("BOTH", { segmentId: segment.id, parentRuleId: level2 }, 5);

    const loaded = await load.loadEnvironment(env.id);
    expect(loaded?.segments.map((s) => s.id)).toEqual([segment.id, empty.id]);
    const named = (type: string) => [`${type}-first`, `${type}-p`];
    type Loaded = { type: string; conditions: { property: string | null }[]; rules?: Loaded[] };
    const toNames = (r: Loaded): Tree => ({
      type: r.type,
      conditions: r.conditions.map((c) => c.property ?? ""),
      ...(r.rules ? { rules: r.rules.map(toNames) } : {}),
    });
    const actual = loaded!.segments.map((s) => s.rules.map(toNames));
    const l4: Tree = { type: "L4", conditions: named("L4") };
    const both: Tree = { type: "BOTH", conditions: named("BOTH"), rules: [] };
    expect(actual).toEqual([
      [
        {
          type: "ALL",
          conditions: named("ALL"),
          rules: [
            {
              type: "L2",
              conditions: named("L2"),
              rules: [
                { type: "L3", conditions: named("L3"), rules: [l4] },
                { type: "BOTH", conditions: named("BOTH"), rules: [] },
              ],
            },
          ],
        },
        {
          type: "ANY",
          conditions: named("ANY"),
          rules: [{ type: "L2b", conditions: named("L2b"), rules: [] }],
        },
        both,
      ],
      [],
    ]);
  });
});
