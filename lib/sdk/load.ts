// Everything one environment's SDK snapshot needs, read in a handful of queries inside one
// transaction, so the revision read here is the revision of exactly this data. PostgreSQL
// runs it at REPEATABLE READ (one MVCC snapshot for every statement); SQLite's transaction
// already reads a single consistent state.
import { databaseUrl, db, isPostgresUrl, Prisma, type Tx } from "@/lib/db/client";

const RULE_ORDER = [{ position: "asc" as const }, { id: "asc" as const }];

// The admin API nests rules two levels deep (segment → rules → rules); two more levels are
// read so that a deeper tree written by hand still evaluates instead of being cut off.
const RULE_DEPTH = 4;

type RuleRow = {
  id: number;
  segmentId: number | null;
  parentRuleId: number | null;
  type: string;
  position: number;
};
type ConditionRow = {
  id: number;
  ruleId: number;
  property: string | null;
  operator: string;
  value: string | null;
  description: string | null;
  position: number;
};
/** A rule with its conditions and, above the deepest level read, the rules under it. */
export type LoadedRule = RuleRow & { conditions: ConditionRow[]; rules?: LoadedRule[] };

/** Rules whose segment, or whose ancestor's up to RULE_DEPTH levels up, is in the project. */
function rulesOfProject(projectId: number) {
  const inProject = { segment: { projectId } };
  const clauses: object[] = [inProject];
  for (let depth = 1; depth < RULE_DEPTH; depth += 1) clauses.push({ parentRule: clauses[depth - 1] });
  return { OR: clauses };
}

/**
 * The project's segments with their rule trees, in three queries (segments, every rule, every
 * condition) instead of one per level of rules and of conditions: a compile on another
 * instance after a change runs them all before its SSE streams hear of it.
 */
async function readSegments(tx: Tx, projectId: number) {
  const segments = await tx.segment.findMany({ where: { projectId }, orderBy: { id: "asc" } });
  if (segments.length === 0) return [];
  const where = rulesOfProject(projectId);
  const rules = await tx.segmentRule.findMany({ where, orderBy: RULE_ORDER });
  const conditions = await tx.segmentCondition.findMany({ where: { rule: where }, orderBy: RULE_ORDER });
  const conditionsOf = groupBy(conditions, (c) => c.ruleId);
  const children = groupBy(rules, (r) => r.parentRuleId);
  const roots = groupBy(rules, (r) => r.segmentId);
  // Each level as the nested include read it: the deepest rules carry no `rules`.
  const tree = (rule: RuleRow, depth: number): LoadedRule => ({
    ...rule,
    conditions: conditionsOf.get(rule.id) ?? [],
    ...(depth < RULE_DEPTH
      ? { rules: (children.get(rule.id) ?? []).map((child) => tree(child, depth + 1)) }
      : {}),
  });
  return segments.map((segment) => ({
    ...segment,
    rules: (roots.get(segment.id) ?? []).map((rule) => tree(rule, 1)),
  }));
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

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
  const segments = await readSegments(tx, projectId);
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
