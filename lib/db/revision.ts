// Every write that changes what the SDK endpoints answer bumps the revision of the
// environments it touches. SDK snapshots are keyed by that revision, so instances that
// did not make the write notice it too (see lib/sdk).
import { afterCommit, db, type DbOrTx } from "@/lib/db/client";
import { publishRevisionChange } from "@/lib/db/revision-channel";

type Listener = (environmentIds: number[] | "all") => void;
const listeners = ((globalThis as Record<symbol, Set<Listener>>)[Symbol.for("ensign.revision.listeners")] ??=
  new Set<Listener>());

export function onEnvironmentsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(ids: number[] | "all") {
  for (const listener of listeners) listener(ids);
}

export async function touchEnvironments(
  where: { environmentId: number } | { projectId: number } | { environmentIds: number[] },
  tx: DbOrTx = db,
): Promise<void> {
  const filter =
    "environmentId" in where
      ? { id: where.environmentId }
      : "projectId" in where
        ? { projectId: where.projectId }
        : { id: { in: where.environmentIds } };
  await tx.environment.updateMany({
    where: filter,
    data: { revision: { increment: 1 }, documentUpdatedAt: new Date() },
  });
  const ids =
    "environmentId" in where
      ? [where.environmentId]
      : "environmentIds" in where
        ? where.environmentIds
        : "all";
  // The other instances on PostgreSQL hear of it through NOTIFY (lib/db/revision-channel.ts),
  // queued in this transaction and delivered by its commit.
  await publishRevisionChange(tx, ids);
  // This process's listeners after the commit: a snapshot compiled between this update and
  // the commit would read the old rows, and this process would serve them until the next
  // revision poll.
  afterCommit(() => notify(ids));
}
