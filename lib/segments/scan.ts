// Reading an environment's stored identities batch by batch, with a cap. Pure apart from the
// batch reader it is given: lib/segments/usage.ts reads through Prisma, the blast radius's worker
// (lib/impact/worker.ts) through its own read-only connection.

export type CountableIdentity = {
  id: number;
  identifier: string;
  traits: { traitKey: string; valueType: string; value: string }[];
};

export type ScanResult = { scanned: number; complete: boolean };

/**
 * Reads stored identities batch by batch through `nextBatch` (called with the last id seen),
 * hands each to `visit`, and stops after `limit` identities. Between batches it yields to the
 * event loop, so that a long scan never holds up the SDK requests the same process serves.
 */
export async function scanIdentities<T extends { id: number }>(options: {
  limit: number;
  batchSize: number;
  nextBatch: (afterId: number, take: number) => Promise<T[]>;
  visit: (identity: T) => void;
}): Promise<ScanResult> {
  const { limit, batchSize, nextBatch, visit } = options;
  let scanned = 0;
  let afterId = 0;
  for (;;) {
    // One more than fits, to tell "exactly the limit" from "over the limit".
    const take = Math.min(batchSize, limit - scanned + 1);
    const batch = await nextBatch(afterId, take);
    for (const identity of batch) {
      if (scanned === limit) return { scanned, complete: false };
      scanned += 1;
      visit(identity);
    }
    if (batch.length < take) return { scanned, complete: true };
    afterId = batch[batch.length - 1]!.id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export const IDENTITY_BATCH_SIZE = 500;
