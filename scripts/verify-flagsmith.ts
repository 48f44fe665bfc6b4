// Compares this Ensign with the Flagsmith organisation it imported: `npm run verify:flagsmith --
// --url <source> --api-key <key> --target <this Ensign's URL> [--organisation <id>] [--into <id>]
// [--sample <n>] [--every <minutes>]`. Prints every difference; exits 0 only when there is none.
import { parseArgs, optionalInt, targetOrganisation } from "@/lib/migration/cli-args";
import { verifyImport } from "@/lib/migration/verify";

async function once(args: Record<string, string>, organisationId: number) {
  const result = await verifyImport({
    organisationId,
    baseUrl: args.url,
    apiKey: args["api-key"],
    sourceOrganisationId: optionalInt(args.organisation, "organisation"),
    targetUrl: args.target,
    sample: optionalInt(args.sample, "sample"),
    guard: false,
  });
  console.log(JSON.stringify(result, null, 2));
  process.stderr.write(
    `[ensign] ${result.environments} environments, ${result.identities} identities, ${result.sampled} sampled: ${result.differences.length} differences\n`,
  );
  return result.differences.length;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.url || !args["api-key"] || !args.target) {
    console.error(
      "usage: npm run verify:flagsmith -- --url <source> --api-key <key> --target <Ensign URL> [--every <minutes>]",
    );
    process.exit(2);
  }
  const organisationId = await targetOrganisation(args.into);
  const every = optionalInt(args.every, "every");
  if (!every) return (await once(args, organisationId)) === 0 ? 0 : 4;
  for (;;) {
    await once(args, organisationId).catch((error) =>
      console.error(`[ensign] verify failed: ${error.message}`),
    );
    await new Promise((r) => setTimeout(r, every * 60_000));
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[ensign] verify failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
