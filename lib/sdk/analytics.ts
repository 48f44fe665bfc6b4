// Flag evaluation analytics. POST /api/v1/analytics/flags/ (SDKs report `{"<feature>": count}`)
// stores counts per feature name per UTC day. Writes from concurrent requests are grouped:
// each request waits for the one transaction that carries its counts, so an acknowledged
// count is never lost, while a burst of SDK reports costs one transaction instead of many.
import { db, type Tx } from "@/lib/db/client";
import { LIMITS } from "@/lib/limits/limits";
import { createGroupCommit, type GroupCommit } from "./group-commit";
import { authenticateSdkKey } from "./auth";
import { detail, empty, json, parseJsonBody, readHeader, type SdkRequest, type SdkResponse } from "./http";

export const NOT_AN_OBJECT = "Expected a JSON object.";
/** The largest count a day's row holds (PostgreSQL's integer): further reports saturate there. */
export const MAX_STORED_COUNT = 2_147_483_647;
export const countTooLarge = (limit = LIMITS.analyticsCount) =>
  `Ensure this value is less than or equal to ${limit}.`;

type Report = { environmentId: number; counts: Record<string, number> };

const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** The reports of one group, summed per environment and feature, in one transaction. */
async function writeReports(reports: Report[]): Promise<void[]> {
  const day = utcDay();
  const totals = new Map<string, { environmentId: number; featureName: string; count: number }>();
  for (const { environmentId, counts } of reports) {
    for (const [featureName, count] of Object.entries(counts)) {
      const key = `${environmentId}:${featureName}`;
      const total = totals.get(key) ?? { environmentId, featureName, count: 0 };
      total.count = Math.min(total.count + count, MAX_STORED_COUNT);
      totals.set(key, total);
    }
  }
  await db.$transaction(
    async (tx) => {
      for (const total of totals.values()) await addCount(tx, { ...total, day });
    },
    { maxWait: 10_000 },
  );
  return reports.map(() => undefined);
}

/** Adds to a day's count, saturating at MAX_STORED_COUNT so that no sum overflows the column. */
async function addCount(
  tx: Tx,
  row: { environmentId: number; featureName: string; day: string; count: number },
) {
  const { environmentId, featureName, day, count } = row;
  const key = { environmentId, featureName, day };
  const added = await tx.featureEvaluation.updateMany({
    where: { ...key, count: { lte: MAX_STORED_COUNT - count } },
    data: { count: { increment: count } },
  });
  if (added.count) return;
  const capped = await tx.featureEvaluation.updateMany({ where: key, data: { count: MAX_STORED_COUNT } });
  if (capped.count) return;
  await tx.featureEvaluation.upsert({
    where: { environmentId_featureName_day: key },
    create: { ...key, count },
    update: {},
    select: { id: true },
  });
}

const store = ((globalThis as Record<symbol, { group?: GroupCommit<Report, void> }>)[
  Symbol.for("ensign.sdk.analytics")
] ??= {});

/** Adds counts to the next group; resolves once the transaction holding them has committed. */
export function recordEvaluations(environmentId: number, counts: Record<string, number>): Promise<void> {
  if (Object.keys(counts).length === 0) return Promise.resolve();
  store.group ??= createGroupCommit<Report, void>({ run: writeReports, maxBatch: 1000 });
  return store.group.submit({ environmentId, counts });
}

export async function handleAnalyticsFlagsPost(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authenticateSdkKey(readHeader(req.headers, "x-environment-key"));
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot } = auth;
  const body = parseJsonBody(req.body, snapshot);
  if (!body.ok) return body.response;
  const data = body.value ?? {};
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return json(400, { non_field_errors: [NOT_AN_OBJECT] }, snapshot);
  }
  const known = new Set([...snapshot.features.values()].map((f) => f.name));
  const counts: Record<string, number> = {};
  const entries = Object.entries(data as Record<string, unknown>);
  const tooLarge = entries.filter(([, count]) => typeof count === "number" && count > LIMITS.analyticsCount);
  if (tooLarge.length) {
    return json(400, Object.fromEntries(tooLarge.map(([name]) => [name, [countTooLarge()]])), snapshot);
  }
  // Unknown features and counts that are not positive integers are dropped, as Flagsmith does.
  for (const [name, count] of entries) {
    if (known.has(name) && typeof count === "number" && Number.isSafeInteger(count) && count > 0) {
      counts[name] = count;
    }
  }
  await recordEvaluations(snapshot.environmentId, counts);
  return empty(200, snapshot);
}
