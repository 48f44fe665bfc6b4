// The blast radius off the event loop, against a real database (SQLite, or PostgreSQL with
// TEST_DATABASE=postgres): the worker's own read of the stored identities gives what the
// server's Prisma read gives, and a job run on the worker thread (here from its TypeScript
// source, through tsx, as under `npm run dev`) answers what the same job answers inline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cond, doc, feature, rule, segment, state } from "@/lib/engine/test-fixtures";
import { IDENTITY_BATCH_SIZE } from "@/lib/segments/scan";
import { createTestDatabase, type TestDatabase } from "@/tests/support/database";
import { openIdentityReader, type IdentityReader } from "./identity-reader";
import type { ImpactJob } from "./job";

let database: TestDatabase;
let environmentId: number;
let reader: IdentityReader;
const previousUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  const { applyMigrations } = await import("@/lib/db/migrations");
  await applyMigrations(database.url);
  const { getDb } = await import("@/lib/db/client");
  const db = getDb();
  const organisation = await db.organisation.create({ data: { uuid: "o-1", name: "Org" } });
  const project = await db.project.create({
    data: { uuid: "p-1", name: "Project", organisationId: organisation.id },
  });
  const other = await db.environment.create({
    data: { uuid: "e-0", name: "Other", apiKey: "other-key", projectId: project.id },
  });
  const environment = await db.environment.create({
    data: { uuid: "e-1", name: "Production", apiKey: "env-key", projectId: project.id },
  });
  environmentId = environment.id;
  // Interleaved with another environment's identities; every third one without traits.
  const identities = Array.from({ length: 1_100 }, (_, i) => [
    { uuid: `i-${i}`, identifier: `user-${i}`, environmentId: environment.id },
    ...(i % 100 === 0 ? [{ uuid: `x-${i}`, identifier: `elsewhere-${i}`, environmentId: other.id }] : []),
  ]).flat();
  await db.identity.createMany({ data: identities });
  const rows = await db.identity.findMany({ where: { environmentId: environment.id } });
  await db.trait.createMany({
    data: rows
      .map((row) => ({ row, i: Number(row.identifier.slice("user-".length)) }))
      .filter(({ i }) => i % 3 !== 0)
      .flatMap(({ row, i }) => [
        { identityId: row.id, traitKey: "plan", valueType: "unicode", value: i % 2 ? "pro" : "free" },
        { identityId: row.id, traitKey: "age", valueType: "int", value: String(i % 90) },
      ]),
  });
  reader = openIdentityReader(database.url);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  const { getDb } = await import("@/lib/db/client");
  await getDb().$disconnect();
  process.env.DATABASE_URL = previousUrl;
  await database?.drop();
});

describe("openIdentityReader", () => {
  it("reads the batches the server's Prisma read gives", async () => {
    const { readIdentityBatch } = await import("@/lib/segments/usage");
    const prismaBatch = readIdentityBatch(environmentId);
    const sortTraits = (batch: Awaited<ReturnType<typeof prismaBatch>>) =>
      batch.map((i) => ({
        ...i,
        traits: [...i.traits].sort((a, b) => a.traitKey.localeCompare(b.traitKey)),
      }));
    let afterId = 0;
    let total = 0;
    for (;;) {
      const [ours, theirs] = await Promise.all([
        reader.readBatch(environmentId, afterId, IDENTITY_BATCH_SIZE),
        prismaBatch(afterId, IDENTITY_BATCH_SIZE),
      ]);
      expect(sortTraits(ours)).toEqual(sortTraits(theirs));
      total += ours.length;
      if (ours.length < IDENTITY_BATCH_SIZE) break;
      afterId = ours[ours.length - 1]!.id;
    }
    expect(total).toBe(1_100);
  });
});

describe("runImpact on the worker", () => {
  it("answers what the same job answers inline, and the worker is the one that ran it", async () => {
    const banner = feature(1, "banner");
    const colour = feature(2, "colour");
    const live = doc({ feature_states: [state(banner, { enabled: false }), state(colour)] }, [
      segment(
        10,
        [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", "pro")])])],
        [state(colour, { feature_state_value: "blue", feature_segment: { priority: 0 } })],
      ),
    ]);
    const job: ImpactJob = {
      environmentId,
      live,
      proposal: {
        featureStates: [{ featureId: 1, segmentId: null, enabled: true }],
        segments: [
          { segmentId: 10, rules: [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", "free")])])] },
        ],
      },
      identityOverrides: [["user-4", [state(banner, { enabled: false })]]],
      limit: 1_000,
      batchSize: 300,
      examples: 2,
    };
    const { runImpact, workerMode } = await import("./run");
    const { runImpactJob } = await import("./job");
    const { readIdentityBatch } = await import("@/lib/segments/usage");
    const inline = await runImpactJob(job, readIdentityBatch(environmentId));
    const onWorker = await runImpact(job);
    expect(workerMode()).toBe("worker");
    expect(onWorker).toEqual(inline);
    // Capped at the limit; user-4's own override keeps banner off.
    expect(onWorker.identities_scanned).toBe(1_000);
    expect(onWorker.is_complete).toBe(false);
    const bannerChanges = onWorker.features.find((f) => f.feature.id === 1)!;
    expect(bannerChanges.identities_changed).toBe(999);
    const colourChanges = onWorker.features.find((f) => f.feature.id === 2)!;
    expect(colourChanges.changes.map((c) => c.kind)).toEqual(["VALUE", "VALUE"]);
  });
});
