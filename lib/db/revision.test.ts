// touchEnvironments on PostgreSQL: the NOTIFY that tells the other instances of a change is
// part of the write's transaction. A listener hears it once the transaction commits, never
// while it is still open (another instance would recompile from the old rows and keep them
// until its next poll), and never for a transaction rolled back; a write outside a
// transaction is heard at once. Sent in the transaction, it is delivered by the commit itself:
// a writer that stops right after committing does not lose it (sent after the commit, as it
// once was, it was lost then, and the others served the old value until their next poll).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./migrations";

const ADMIN_URL = process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const name = `ensign_revision_test_${randomBytes(6).toString("hex")}`;
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let listener: pg.Client;
const heard: string[] = [];
let revision: typeof import("./revision");
let client: typeof import("./client");

async function heardWithin(ms: number, count: number) {
  const deadline = Date.now() + ms;
  while (heard.length < count && Date.now() < deadline) await sleep(10);
  return heard.length;
}

describe("touchEnvironments on PostgreSQL", () => {
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    await applyMigrations(url);
    process.env.DATABASE_URL = url;
    client = await import("./client");
    revision = await import("./revision");
    listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query("LISTEN ensign_revisions");
  }, 60_000);

  afterAll(async () => {
    await listener?.end();
    await client?.db.$disconnect();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("is heard when the write commits, not while its transaction is open", async () => {
    heard.length = 0;
    await client.db.$transaction(async (tx) => {
      await revision.touchEnvironments({ environmentId: 7 }, tx);
      // The transaction is still open: nothing may reach another instance yet.
      expect(await heardWithin(300, 1)).toBe(0);
    });
    expect(await heardWithin(5_000, 1)).toBe(1);
    expect(heard[0]).toMatch(/^[0-9a-f]+ 7$/);
  });

  it("is never heard for a write rolled back", async () => {
    heard.length = 0;
    await expect(
      client.db.$transaction(async (tx) => {
        await revision.touchEnvironments({ environmentIds: [3, 4] }, tx);
        throw new Error("refused after the bump");
      }),
    ).rejects.toThrow("refused after the bump");
    expect(await heardWithin(500, 1)).toBe(0);
  });

  it("is heard at once for a write outside a transaction", async () => {
    heard.length = 0;
    await revision.touchEnvironments({ projectId: 1 });
    expect(await heardWithin(5_000, 1)).toBe(1);
    expect(heard[0]).toMatch(/^[0-9a-f]+ all$/);
  });

  it("is delivered by the commit itself, even when the writer exits right after it", async () => {
    heard.length = 0;
    const script = `
      const { db } = require("./lib/db/client.ts");
      const { touchEnvironments } = require("./lib/db/revision.ts");
      db.$transaction((tx) => touchEnvironments({ environmentId: 11 }, tx)).then(() => process.exit(0));
    `;
    await promisify(execFile)(process.execPath, ["--import", "tsx", "-e", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATABASE_URL: url },
    });
    expect(await heardWithin(5_000, 1)).toBe(1);
    expect(heard[0]).toMatch(/^[0-9a-f]+ 11$/);
  }, 60_000);
});
