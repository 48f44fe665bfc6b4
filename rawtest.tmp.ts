import { db, Prisma } from "@/lib/db/client";
async function main() {
  const now = new Date();
  const rows = await db.$queryRaw<any[]>`INSERT INTO "Identity" ("uuid","identifier","environmentId","createdAt") VALUES (${"u-" + Math.random()}, ${"raw-" + Math.random()}, ${1}, ${now}) ON CONFLICT ("environmentId","identifier") DO NOTHING RETURNING "id","identifier"`;
  console.log(rows, typeof rows[0].id);
  const got = await db.identity.findUnique({ where: { id: rows[0].id } });
  console.log(got);
  const ids = Array.from({ length: 3000 }, (_, i) => i);
  const r2 = await db.$queryRaw<any[]>`SELECT count(*) AS n FROM "Identity" WHERE "id" IN (${Prisma.join(ids)})`;
  console.log(r2);
  const t = performance.now();
  for (let i = 0; i < 1000; i++) await db.$queryRaw`SELECT "id" FROM "Identity" WHERE "environmentId" = ${1} AND "identifier" = ${"x" + i}`;
  console.log("raw select µs", ((performance.now() - t)));
  const t2 = performance.now();
  for (let i = 0; i < 1000; i++) await db.identity.findUnique({ where: { environmentId_identifier: { environmentId: 1, identifier: "x" + i } }, select: { id: true } });
  console.log("findUnique µs", ((performance.now() - t2)));
  const t3 = performance.now();
  for (let i = 0; i < 200; i++) await db.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; });
  console.log("tx µs", ((performance.now() - t3) / 200 * 1000));
  process.exit(0);
}
main();
