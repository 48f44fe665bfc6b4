// Flag evaluation analytics. POST /api/v1/analytics/flags/ (SDKs report `{"<feature>": count}`)
// stores counts per feature name per UTC day. Writes from concurrent requests are grouped:
// each request waits for the one transaction that carries its counts, so an acknowledged
// count is never lost, while a burst of SDK reports costs one transaction instead of many.
import { db } from "@/lib/db/client";
import { authenticateSdkKey } from "./auth";
import { detail, empty, json, parseJsonBody, readHeader, type SdkRequest, type SdkResponse } from "./http";

export const NOT_AN_OBJECT = "Expected a JSON object.";

type Pending = {
  counts: Map<string, number>;
  waiters: { resolve: () => void; reject: (e: unknown) => void }[];
};

const store = ((globalThis as Record<symbol, { pending: Pending | null; flushing: boolean }>)[
  Symbol.for("ensign.sdk.analytics")
] ??= { pending: null, flushing: false });

const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

async function writeBatch(counts: Map<string, number>) {
  const day = utcDay();
  await db.$transaction(
    async (tx) => {
      for (const [key, count] of counts) {
        const [environmentId, featureName] = [
          Number(key.slice(0, key.indexOf(":"))),
          key.slice(key.indexOf(":") + 1),
        ];
        await tx.featureEvaluation.upsert({
          where: { environmentId_featureName_day: { environmentId, featureName, day } },
          create: { environmentId, featureName, day, count },
          update: { count: { increment: count } },
          select: { id: true },
        });
      }
    },
    { maxWait: 10_000 },
  );
}

async function flush() {
  if (store.flushing) return;
  store.flushing = true;
  try {
    while (store.pending) {
      const batch = store.pending;
      store.pending = null;
      try {
        await writeBatch(batch.counts);
        for (const w of batch.waiters) w.resolve();
      } catch (error) {
        for (const w of batch.waiters) w.reject(error);
      }
    }
  } finally {
    store.flushing = false;
  }
}

/** Adds counts to the next batch; resolves once the batch holding them has committed. */
export function recordEvaluations(environmentId: number, counts: Record<string, number>): Promise<void> {
  if (Object.keys(counts).length === 0) return Promise.resolve();
  store.pending ??= { counts: new Map(), waiters: [] };
  const pending = store.pending;
  for (const [name, count] of Object.entries(counts)) {
    const key = `${environmentId}:${name}`;
    pending.counts.set(key, (pending.counts.get(key) ?? 0) + count);
  }
  const done = new Promise<void>((resolve, reject) => pending.waiters.push({ resolve, reject }));
  void flush();
  return done;
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
  // Unknown features and counts that are not positive integers are dropped, as Flagsmith does.
  for (const [name, count] of Object.entries(data as Record<string, unknown>)) {
    if (known.has(name) && typeof count === "number" && Number.isSafeInteger(count) && count > 0) {
      counts[name] = count;
    }
  }
  await recordEvaluations(snapshot.environmentId, counts);
  return empty(200, snapshot);
}
