// Inserts N stored identities into one environment, in batches, for the benchmark's
// scale check (the cost of POST /api/v1/identities/ must stay flat as they grow).
import { getDb } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";

const [environmentId, total] = process.argv.slice(2).map(Number);
const BATCH = 5000;

async function main() {
  const db = getDb();
  for (let start = 0; start < total; start += BATCH) {
    const data = Array.from({ length: Math.min(BATCH, total - start) }, (_, i) => ({
      uuid: generateUuid(),
      identifier: `grown-${start + i}`,
      environmentId,
    }));
    await db.identity.createMany({ data });
    if ((start / BATCH) % 20 === 0) process.stdout.write(`  ${start + data.length}\r`);
  }
  process.stdout.write("\n");
  await db.$disconnect();
}

main().then(() => process.exit(0));
