// Everything one environment's SDK snapshot needs, read in a handful of queries inside one
// transaction, so the revision read here is the revision of exactly this data. PostgreSQL
// runs it at REPEATABLE READ (one MVCC snapshot for every statement); SQLite's transaction
// already reads a single consistent state.
import { databaseUrl, db, isPostgresUrl, Prisma, type Tx } from "@/lib/db/client";

const RULE_ORDER = [{ position: "asc" as const }, { id: "asc" as const }];
const conditionInclude = { conditions: { orderBy: RULE_ORDER } };
// The admin API nests rules two levels deep (segment → rules → rules); one more level is
// read so that a deeper tree written by hand still evaluates instead of being cut off.
const ruleTreeInclude = {
  ...conditionInclude,
  rules: {
    orderBy: RULE_ORDER,
    include: {
      ...conditionInclude,
      rules: {
        orderBy: RULE_ORDER,
        include: { ...conditionInclude, rules: { orderBy: RULE_ORDER, include: conditionInclude } },
      },
    },
  },
};

async function readEnvironment(tx: Tx, environmentId: number) {
  const environment = await tx.environment.findUnique({
    where: { id: environmentId },
    include: { project: { include: { organisation: true } }, serverKeys: true },
  });
  if (!environment) return null;
  const projectId = environment.projectId;
  // Sequential on purpose: an interactive transaction holds one connection.
  const features = await tx.feature.findMany({ where: { projectId }, orderBy: { id: "asc" } });
  const states = await tx.featureState.findMany({
    where: { environmentId },
    orderBy: { id: "asc" },
    include: {
      multivariateValues: { orderBy: { id: "asc" }, include: { option: true } },
      featureSegment: { select: { id: true, priority: true, segmentId: true } },
      identity: { select: { id: true, uuid: true, identifier: true, createdAt: true } },
    },
  });
  const segments = await tx.segment.findMany({
    where: { projectId },
    orderBy: { id: "asc" },
    include: { rules: { orderBy: RULE_ORDER, include: ruleTreeInclude } },
  });
  return { environment, features, states, segments };
}

export type LoadedEnvironment = NonNullable<Awaited<ReturnType<typeof readEnvironment>>>;
export type LoadedFeature = LoadedEnvironment["features"][number];
export type LoadedState = LoadedEnvironment["states"][number];
export type LoadedSegment = LoadedEnvironment["segments"][number];

/** The environment and everything its SDK answers depend on; null if it no longer exists. */
export async function loadEnvironment(environmentId: number): Promise<LoadedEnvironment | null> {
  // The SQLite client's types know only Serializable; the PostgreSQL client takes this one.
  const options = isPostgresUrl(databaseUrl())
    ? {
        isolationLevel: "RepeatableRead" as Prisma.TransactionIsolationLevel,
        timeout: 30_000,
        maxWait: 10_000,
      }
    : { timeout: 30_000, maxWait: 10_000 };
  return db.$transaction((tx: Tx) => readEnvironment(tx, environmentId), options);
}

/**
 * Which environment a live key belongs to, straight from the database (cache misses only).
 * A server-side key is looked up by its sha256 (`serverKeyHash`), the form it is stored in.
 */
export async function findEnvironmentIdByKey(key: string, serverKeyHash?: string): Promise<number | null> {
  if (serverKeyHash !== undefined) {
    const serverKey = await db.environmentApiKey.findUnique({
      where: { keyHash: serverKeyHash },
      select: { environmentId: true, active: true, expiresAt: true },
    });
    const live = serverKey?.active && (!serverKey.expiresAt || serverKey.expiresAt.getTime() > Date.now());
    return live ? serverKey.environmentId : null;
  }
  const environment = await db.environment.findUnique({ where: { apiKey: key }, select: { id: true } });
  return environment?.id ?? null;
}

/** Current revisions of the given environments; deleted ones are absent. */
export async function readRevisions(environmentIds: number[]): Promise<Map<number, number>> {
  const rows = await db.environment.findMany({
    where: { id: { in: environmentIds } },
    select: { id: true, revision: true },
  });
  return new Map(rows.map((row) => [row.id, row.revision]));
}
