// The SQLite identity store on a real database built by the project's migrations: what a group
// of calls writes, and that what each call answers is what reading the rows back gives.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import type { IncomingTrait } from "./parse";
import { runCallsOnSqlite } from "./store-sqlite";

const migrations = path.resolve(import.meta.dirname, "../../../prisma/migrations");
let db: Database.Database;

beforeEach(() => {
  db = new Database(":memory:");
  for (const dir of readdirSync(migrations, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    db.exec(readFileSync(path.join(migrations, dir.name, "migration.sql"), "utf8"));
  }
  db.pragma("foreign_keys = OFF"); // no organisation, project or environment rows here
});

const t = (key: string, value: IncomingTrait["value"], transient = false): IncomingTrait => ({
  key,
  value,
  valueType: null,
  transient,
});

const stored = (identityId: number) =>
  db
    .prepare(
      `SELECT "id", "traitKey", "valueType", "value" FROM "Trait" WHERE "identityId" = ? ORDER BY "id"`,
    )
    .all(identityId);

const updatedAt = (identityId: number, key: string) =>
  db
    .prepare(`SELECT "updatedAt" FROM "Trait" WHERE "identityId" = ? AND "traitKey" = ?`)
    .pluck()
    .get(identityId, key);

describe("runCallsOnSqlite", () => {
  it("answers a new identity's traits as stored, the last value of a key winning", () => {
    const [record] = runCallsOnSqlite(db, [
      {
        environmentId: 1,
        identifier: "alice",
        access: "write",
        traits: [t("plan", "free"), t("age", 31), t("plan", "gold"), t("beta", true), t("skip", 1, true)],
      },
    ]);
    expect(record.identityId).toBeGreaterThan(0);
    expect(record.traits).toEqual(stored(record.identityId!));
    expect(record.traits.map((x) => [x.traitKey, x.valueType, x.value])).toEqual([
      ["plan", "unicode", "gold"],
      ["age", "int", "31"],
      ["beta", "bool", "true"],
    ]);
  });

  it("writes traits beyond one statement's rows, new identity and known alike", () => {
    const many = Array.from({ length: 40 }, (_, i) => t(`k${i}`, `v${i}`));
    const [first] = runCallsOnSqlite(db, [
      { environmentId: 1, identifier: "bob", access: "write", traits: many },
    ]);
    expect(first.traits).toHaveLength(40);
    expect(first.traits).toEqual(stored(first.identityId!));
    const changed = Array.from({ length: 40 }, (_, i) => t(`k${i}`, i % 2 ? `w${i}` : `v${i}`));
    const [second] = runCallsOnSqlite(db, [
      { environmentId: 1, identifier: "bob", access: "write", traits: [...changed, t("k41", 41)] },
    ]);
    expect(second.identityId).toBe(first.identityId);
    expect(second.traits).toHaveLength(41);
    expect(second.traits).toEqual(stored(first.identityId!));
    expect(second.traits.find((x) => x.traitKey === "k3")?.value).toBe("w3");
    expect(second.traits.find((x) => x.traitKey === "k4")?.value).toBe("v4");
  });

  it("leaves unchanged values unwritten, updates changed ones and deletes null ones", async () => {
    const call = (traits: IncomingTrait[]) =>
      runCallsOnSqlite(db, [{ environmentId: 1, identifier: "carol", access: "write", traits }])[0];
    const first = call([t("a", "1"), t("b", "2"), t("c", "3")]);
    const before = updatedAt(first.identityId!, "a");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = call([t("a", "1"), t("b", "two"), t("c", null)]);
    expect(second.traits.map((x) => [x.traitKey, x.value])).toEqual([
      ["a", "1"],
      ["b", "two"],
    ]);
    expect(updatedAt(first.identityId!, "a")).toBe(before);
    expect(updatedAt(first.identityId!, "b")).not.toBe(before);
  });

  it("runs a group of calls for several identities, each answered with its own rows", () => {
    const records = runCallsOnSqlite(db, [
      { environmentId: 1, identifier: "d1", access: "write", traits: [t("x", 1), t("y", 2)] },
      { environmentId: 1, identifier: "d2", access: "create" },
      { environmentId: 1, identifier: "d3", access: "read" },
      { environmentId: 2, identifier: "d1", access: "write", traits: [t("x", 3)] },
    ]);
    expect(records[0].traits).toEqual(stored(records[0].identityId!));
    expect(records[1]).toEqual({ identityId: expect.any(Number), traits: [] });
    expect(records[2]).toEqual({ identityId: null, traits: [] });
    expect(records[3].identityId).not.toBe(records[0].identityId);
    expect(records[3].traits.map((x) => x.value)).toEqual(["3"]);
  });
});
