// Bulk actions on the features list: one public API request per feature, a few at a time,
// with progress after each and every failure kept with the feature it belongs to. Bounded:
// one action takes at most MAX_BULK_FEATURES features.

export const MAX_BULK_FEATURES = 100;
/** Requests in flight at once: enough to finish quickly, few enough to leave the server room. */
export const BULK_CONCURRENCY = 4;

export type BulkOutcome<T> = { item: T; ok: true } | { item: T; ok: false; error: string };

export type BulkProgress = { done: number; total: number; failed: number };

/** Runs `work` on every item (at most `concurrency` at once) and answers each item's outcome, in input order. */
export async function runBulk<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  options: {
    concurrency?: number;
    describe: (error: unknown) => string;
    onProgress?: (progress: BulkProgress) => void;
  },
): Promise<BulkOutcome<T>[]> {
  if (items.length > MAX_BULK_FEATURES) {
    throw new Error(`Select at most ${MAX_BULK_FEATURES} features for one action.`);
  }
  const outcomes: BulkOutcome<T>[] = new Array(items.length);
  let next = 0;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      try {
        await work(item);
        outcomes[index] = { item, ok: true };
      } catch (error) {
        failed++;
        outcomes[index] = { item, ok: false, error: options.describe(error) };
      }
      done++;
      options.onProgress?.({ done, total: items.length, failed });
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? BULK_CONCURRENCY, items.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return outcomes;
}
