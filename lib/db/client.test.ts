import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { afterCommit, db, secureSqliteFiles } from "./client";

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe("secureSqliteFiles", () => {
  it("makes the database files owner-only, and the default data directory too", () => {
    const root = mkdtempSync(path.join(tmpdir(), "ensign-perms-"));
    const data = path.join(root, "data");
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    const db = path.join(data, "ensign.db");
    for (const f of [db, `${db}-wal`, `${db}-shm`]) writeFileSync(f, "", { mode: 0o644 });
    secureSqliteFiles(`file:${db}`, data);
    expect(modeOf(data)).toBe("700");
    for (const f of [db, `${db}-wal`, `${db}-shm`]) expect(modeOf(f)).toBe("600");
  });

  it("leaves a directory named in DATABASE_URL alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ensign-perms-"));
    chmodSync(dir, 0o755);
    const db = path.join(dir, "x.db");
    writeFileSync(db, "", { mode: 0o644 });
    secureSqliteFiles(`file:${db}`, path.join(dir, "elsewhere"));
    expect(modeOf(dir)).toBe("755");
    expect(modeOf(db)).toBe("600");
  });
});

describe("afterCommit", () => {
  it("runs a hook after the interactive transaction commits, never after a rollback, at once outside one", async () => {
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `file:${path.join(mkdtempSync(path.join(tmpdir(), "ensign-commit-")), "t.db")}`;
    try {
      const calls: string[] = [];
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("CREATE TABLE t (x INTEGER)");
        afterCommit(() => calls.push("committed"));
        calls.push("inside");
      });
      expect(calls).toEqual(["inside", "committed"]);

      await expect(
        db.$transaction(async () => {
          afterCommit(() => calls.push("rolled back"));
          throw new Error("no");
        }),
      ).rejects.toThrow("no");
      expect(calls).toEqual(["inside", "committed"]);

      afterCommit(() => calls.push("no transaction"));
      expect(calls).toEqual(["inside", "committed", "no transaction"]);
    } finally {
      await db.$disconnect();
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
  });
});
