// Ensign's `prisma migrate`, offline (the native schema engine cannot be downloaded here;
// lib/db/migrations.ts drives Prisma's WASM schema engine instead).
//
//   npx tsx scripts/migrate.ts dev <name>   after editing prisma/schema.prisma: writes the
//                                           migration for SQLite and for PostgreSQL
//   npx tsx scripts/migrate.ts deploy       applies pending migrations to DATABASE_URL
//   npx tsx scripts/migrate.ts status       lists applied / pending migrations of DATABASE_URL
//   npx tsx scripts/migrate.ts check        fails if the schema has changes no migration holds
//
// DATABASE_URL defaults to file:./data/ensign.db. `dev` and `check` need a PostgreSQL server
// (POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432/postgres) for temporary databases.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import {
  LOCKFILE,
  NO_FILTER,
  applyMigrations,
  migrationsDir,
  openEngine,
  providerForUrl,
  readMigrationsList,
  repoRoot,
  schemaPath,
  sqlitePath,
  type Provider,
} from "../lib/db/migrations.ts";

// Same default as lib/db/client.ts, not imported from there: that module loads the generated
// clients, which `dev` is about to regenerate (and which may not exist yet).
const DEFAULT_DATABASE_URL = "file:./data/ensign.db";
export const POSTGRES_URL = process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PROVIDERS: Provider[] = ["sqlite", "postgresql"];

const schemaFile = (provider: Provider) => ({
  path: schemaPath(provider),
  content: readFileSync(schemaPath(provider), "utf8"),
});

/** A fresh, empty database for the engine to work on: a temp SQLite file or a new PG database. */
async function withTempDatabase<T>(provider: Provider, run: (url: string) => Promise<T>): Promise<T> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "ensign-migrate-"));
    try {
      return await run(`file:${path.join(dir, "dev.db")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const name = `ensign_migrate_${randomBytes(6).toString("hex")}`;
  await pgAdmin(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await pgAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The SQL that the committed migrations lack to reach the current schema, or null if none.
 * The engine replays the migrations on a shadow database and diffs it against the schema.
 */
export async function unmigratedChanges(provider: Provider): Promise<string | null> {
  const { engine, close } = await openEngine(provider === "sqlite" ? "file::memory:" : POSTGRES_URL);
  try {
    const { exitCode, stdout } = await engine.diff({
      from: { tag: "migrations", ...readMigrationsList(provider) },
      to: { tag: "schemaDatamodel", files: [schemaFile(provider)] },
      script: true,
      exitCode: true, // 2 when the diff is not empty
      filters: NO_FILTER,
    });
    return exitCode === 2 ? (stdout ?? "") : null;
  } finally {
    await close();
  }
}

/**
 * Creates the next migration for one provider, in the order `prisma migrate dev` uses:
 * the WASM engine's createMigration cannot reach the shadow database by itself, but
 * devDiagnostic (which needs `_prisma_migrations`, hence applyMigrations first) connects
 * to it and leaves the replayed schema in the engine's cache for createMigration.
 * Returns the migration's directory name, or null when the schema has no change.
 */
async function createMigration(provider: Provider, name: string, dirName?: string): Promise<string | null> {
  return withTempDatabase(provider, async (url) => {
    const { engine, close } = await openEngine(url, schemaFile(provider));
    try {
      const migrationsList = readMigrationsList(provider);
      await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
      const { action } = await engine.devDiagnostic({ migrationsList, filters: NO_FILTER });
      if (action.tag === "reset") throw new Error(`${provider}: migrations need a reset: ${action.reason}`);
      const created = await engine.createMigration({
        draft: false,
        migrationName: name,
        migrationsList,
        schema: { files: [schemaFile(provider)] },
        filters: NO_FILTER,
      });
      if (created.migrationScript === null) return null;
      const dir = path.join(migrationsList.baseDir, dirName ?? created.generatedMigrationName);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `migration.${created.extension}`), created.migrationScript);
      writeFileSync(
        path.join(migrationsList.baseDir, LOCKFILE),
        "# Please do not edit this file manually\n" +
          "# It should be added in your version-control system (e.g., Git)\n" +
          `provider = "${created.connectorType}"\n`,
      );
      // Proves the new migration applies on top of the others, as `migrate dev` does.
      await engine.applyMigrations({ migrationsList: readMigrationsList(provider), filters: NO_FILTER });
      return path.basename(dir);
    } finally {
      await close();
    }
  });
}

async function dev(name: string | undefined) {
  if (!name || !/^[A-Za-z0-9_]+$/.test(name))
    throw new Error("usage: migrate.ts dev <name> (letters, digits, _)");
  await pgAdmin("SELECT 1"); // fail before writing anything rather than after the SQLite half
  // prisma/postgres/schema.prisma is derived from prisma/schema.prisma: refresh it (and the
  // clients) so that both migrations describe the schema just edited.
  execFileSync(process.execPath, ["--import", "tsx", path.join(repoRoot, "scripts/generate-prisma.ts")], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  let dirName: string | undefined; // one directory name for both providers
  for (const provider of PROVIDERS) {
    const created = await createMigration(provider, name, dirName);
    const where = path.relative(repoRoot, migrationsDir(provider));
    if (created) console.log(`${provider}: created ${where}/${created}/migration.sql`);
    else console.log(`${provider}: no schema change, nothing written`);
    dirName ??= created ?? undefined;
  }
}

async function status(url: string): Promise<boolean> {
  const provider = providerForUrl(url);
  const migrationsList = readMigrationsList(provider);
  const names = migrationsList.migrationDirectories.map((d) => d.path);
  if (provider === "sqlite" && !existsSync(sqlitePath(url))) {
    for (const name of names) console.log(`pending  ${name}`);
    console.log(`${sqlitePath(url)} does not exist yet (deploy or the server's start creates it).`);
    return names.length === 0;
  }
  const { engine, close } = await openEngine(url);
  try {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTER,
    });
    const { history } = diagnosis;
    let unapplied: string[] = [];
    if (!diagnosis.hasMigrationsTable) unapplied = names;
    else if (history && "unappliedMigrationNames" in history) unapplied = history.unappliedMigrationNames;
    const pending = new Set(unapplied);
    for (const name of names) console.log(`${pending.has(name) ? "pending" : "applied"}  ${name}`);
    if (history && "unpersistedMigrationNames" in history && history.unpersistedMigrationNames.length) {
      console.log(`applied but missing here: ${history.unpersistedMigrationNames.join(", ")}`);
    }
    for (const name of diagnosis.failedMigrationNames) console.log(`FAILED   ${name}`);
    for (const name of diagnosis.editedMigrationNames) console.log(`edited after being applied: ${name}`);
    const upToDate =
      diagnosis.hasMigrationsTable &&
      history === null &&
      !diagnosis.failedMigrationNames.length &&
      !diagnosis.editedMigrationNames.length;
    console.log(upToDate ? "Database schema is up to date." : "Database schema is NOT up to date.");
    return upToDate || names.length === 0;
  } finally {
    await close();
  }
}

async function main(command: string | undefined, args: string[]): Promise<number> {
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  switch (command) {
    case "dev":
      await dev(args[0]);
      return 0;
    case "deploy": {
      const started = Date.now();
      const { applied } = await applyMigrations(url);
      console.log(applied.length ? `applied: ${applied.join(", ")}` : "no pending migrations");
      console.log(`(${providerForUrl(url)}, ${Date.now() - started} ms)`);
      return 0;
    }
    case "status":
      return (await status(url)) ? 0 : 1;
    case "check": {
      let ok = true;
      for (const provider of PROVIDERS) {
        const missing = await unmigratedChanges(provider);
        if (missing !== null) {
          ok = false;
          console.log(
            `${provider}: the schema has changes no migration holds; run \`npm run db:migrate -- dev <name>\`:`,
          );
          console.log(missing);
        } else console.log(`${provider}: migrations match the schema`);
      }
      return ok ? 0 : 1;
    }
    default:
      console.error("usage: npx tsx scripts/migrate.ts dev <name> | deploy | status | check");
      return 2;
  }
}

// Runs only as a script (the test imports unmigratedChanges). process.exit because an
// idle pg pool would otherwise keep the process alive for another 10 s.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv[2], process.argv.slice(3)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
