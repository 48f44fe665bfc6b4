// Writes an Ensign organisation as Flagsmith's organisation dump, on stdout:
// `npm run export:flagsmith -- --organisation <id> [--keep-ids] > dump.json`. Flagsmith loads it
// with `python manage.py loaddata dump.json`; Ensign with `npm run import:flagsmith -- --dump`.
// --keep-ids also writes the ids variants and percentage splits hash with (for another Ensign).
import { parseArgs, targetOrganisation } from "@/lib/migration/cli-args";
import { exportDump } from "@/lib/migration/dump/export-dump";

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const organisationId = await targetOrganisation(args.organisation);
  const rows = await exportDump({ organisationId, keepIds: args["keep-ids"] === "true" });
  // One row a line: a large organisation streams out without one huge string.
  process.stdout.write("[");
  rows.forEach((row, i) => process.stdout.write(`${i ? ",\n" : "\n"}${JSON.stringify(row)}`));
  process.stdout.write("\n]\n");
  process.stderr.write(`[ensign] ${rows.length} rows written\n`);
  return 0;
}

main().then(
  (code) => process.stdout.write("", () => process.exit(code)),
  (error) => {
    console.error(`[ensign] export failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
