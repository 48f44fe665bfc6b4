// Generates the Prisma clients for both providers from the one data model.
// The native schema engine cannot be downloaded here; generation does not need it,
// but the CLI insists on resolving one, so it is pointed at /bin/false.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sqliteSchema = path.join(root, "prisma/schema.prisma");
const pgSchema = path.join(root, "prisma/postgres/schema.prisma");

export function toPostgresSchema(text: string): string {
  return (
    "// GENERATED from prisma/schema.prisma by scripts/generate-prisma.ts: do not edit.\n" +
    text
      .replace('provider = "sqlite"', 'provider = "postgresql"')
      .replace('output   = "../lib/db/generated/sqlite"', 'output   = "../../lib/db/generated/postgres"')
  );
}

function generate(schema: string) {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["generate", "--schema", schema], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
}

mkdirSync(path.dirname(pgSchema), { recursive: true });
writeFileSync(pgSchema, toPostgresSchema(readFileSync(sqliteSchema, "utf8")));
generate(sqliteSchema);
generate(pgSchema);
console.log("prisma clients generated (sqlite, postgres)");
