// `npm run dev` runs this before `next dev`: brings DATABASE_URL (default: the SQLite file
// data/ensign.db) up to date with the committed migrations. The production server does the
// same itself at start (server/main.ts).
import { databaseUrl } from "../lib/db/client.ts";
import { applyMigrations } from "../lib/db/migrations.ts";

const url = databaseUrl();
applyMigrations(url).then(
  ({ applied }) => {
    if (applied.length) console.log(`[ensign] applied migrations: ${applied.join(", ")}`);
    process.exit(0); // pg pools would otherwise hold the process for their idle timeout
  },
  (error) => {
    console.error("[ensign] could not migrate the database:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
