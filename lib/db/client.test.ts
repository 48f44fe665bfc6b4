import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { secureSqliteFiles } from "./client";

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
