// Imports a Flagsmith organisation through its Admin API into this Ensign's database
// (DATABASE_URL, as the server): `npm run import:flagsmith -- --url https://api.flagsmith.com
// --api-key <organisation API key> [--organisation <source id>] [--into <Ensign organisation id>]
// [--identities auto|core|edge] [--stop-after <steps>] [--prune]`. A second run updates; an
// interrupted run resumes; what an earlier run copied and the source no longer has is listed,
// and deleted with --prune. Progress on stderr, the report (JSON) on stdout.
// `npm run import:flagsmith -- --dump <file.json> [--into <id>]` imports the file Flagsmith's
// `dumporganisationtolocalfs` command writes instead, in one transaction.
import { readFile, stat } from "node:fs/promises";
import { ApiError } from "@/lib/api/errors";
import { parseArgs, optionalInt, progressBar, targetOrganisation } from "@/lib/migration/cli-args";
import { MAX_DUMP_FILE_BYTES } from "@/lib/migration/dump/format";
import { importDump } from "@/lib/migration/dump/import-dump";
import { parseDumpText } from "@/lib/migration/dump/read-upload";
import { runImport } from "@/lib/migration/run-import";

async function importDumpFile(path: string, into: string | undefined) {
  if ((await stat(path)).size > MAX_DUMP_FILE_BYTES)
    throw new Error(`${path} is over ${MAX_DUMP_FILE_BYTES} bytes`);
  const organisationId = await targetOrganisation(into);
  process.stderr.write(`[ensign] reading ${path}\n`);
  try {
    const json = parseDumpText(await readFile(path, "utf8"));
    const outcome = await importDump({ organisationId, json });
    process.stderr.write(`[ensign] dump imported (run ${outcome.runId})\n`);
    console.log(JSON.stringify({ run: outcome.runId, status: "DONE", ...outcome.report }, null, 2));
    return 0;
  } catch (error) {
    // A refused file: every problem found, one a line; nothing was written.
    if (error instanceof ApiError) {
      console.error(
        `[ensign] the file was refused, nothing was written:\n${JSON.stringify(error.body, null, 2)}`,
      );
      return 4;
    }
    throw error;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.dump) return importDumpFile(args.dump, args.into);
  if (!args.url || !args["api-key"]) {
    console.error(
      "usage: npm run import:flagsmith -- --url <base URL> --api-key <key> [--organisation <id>] [--into <id>] [--prune]\n" +
        "       npm run import:flagsmith -- --dump <file.json> [--into <id>]",
    );
    process.exit(2);
  }
  const identities = (args.identities ?? "auto") as "auto" | "core" | "edge";
  if (!["auto", "core", "edge"].includes(identities)) throw new Error("--identities is auto, core or edge");
  const outcome = await runImport({
    organisationId: await targetOrganisation(args.into),
    baseUrl: args.url,
    apiKey: args["api-key"],
    sourceOrganisationId: optionalInt(args.organisation, "organisation"),
    identities,
    prune: args.prune === "true",
    stopAfter: optionalInt(args["stop-after"], "stop-after"),
    // The operator runs the command on the server, so any address is theirs to choose.
    guard: false,
    onProgress: (p) => process.stderr.write(progressBar(p.stepsDone, p.stepsTotal, p.step)),
  });
  process.stderr.write(`\n[ensign] import ${outcome.status.toLowerCase()} (run ${outcome.runId})\n`);
  console.log(JSON.stringify({ run: outcome.runId, status: outcome.status, ...outcome.report }, null, 2));
  return outcome.status === "DONE" ? 0 : 3;
}

// Exits explicitly: the database client's pool would keep the process alive.
main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\n[ensign] import failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
