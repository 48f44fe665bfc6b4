// Imports a Flagsmith organisation through its Admin API into this Ensign's database
// (DATABASE_URL, as the server): `npm run import:flagsmith -- --url https://api.flagsmith.com
// --api-key <organisation API key> [--organisation <source id>] [--into <Ensign organisation id>]
// [--identities auto|core|edge] [--stop-after <steps>]`. A second run updates; an interrupted
// run resumes. Progress on stderr, the report (JSON) on stdout.
import { parseArgs, optionalInt, progressBar, targetOrganisation } from "@/lib/migration/cli-args";
import { runImport } from "@/lib/migration/run-import";

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.url || !args["api-key"]) {
    console.error(
      "usage: npm run import:flagsmith -- --url <base URL> --api-key <key> [--organisation <id>] [--into <id>]",
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
