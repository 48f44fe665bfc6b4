// Applies scheduled changes when they are due. Every instance runs this; a change is applied
// by the transaction whose conditional update moves it out of PENDING, so exactly once.
import { runAsActor } from "@/lib/audit/context";
import { recordStateChange, snapshotState } from "@/lib/audit/feature-state-entry";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";

const POLL_MS = Number(process.env.ENSIGN_SCHEDULE_POLL_MS ?? 1000);

async function applyChange(id: number): Promise<boolean> {
  const row = await db.scheduledChange.findUnique({ where: { id } });
  if (!row) return false;
  return runAsActor(row.authorId === null ? undefined : { userId: row.authorId }, () =>
    db.$transaction(async (tx) => {
      const { count } = await tx.scheduledChange.updateMany({
        where: { id, status: "PENDING" },
        data: { status: "APPLIED", appliedAt: new Date() },
      });
      if (count === 0) return false;
      const before = await snapshotState(tx, row.featureStateId);
      const state = await tx.featureState.update({
        where: { id: row.featureStateId },
        data: {
          ...(row.enabled === null ? {} : { enabled: row.enabled }),
          ...(row.hasValue ? { valueType: row.valueType, value: row.value } : {}),
          updatedAt: new Date(),
        },
      });
      await touchEnvironments({ environmentId: state.environmentId }, tx);
      await recordStateChange(tx, before, await snapshotState(tx, state.id));
      return true;
    }),
  );
}

export async function runDueScheduledChanges(): Promise<number> {
  const due = await db.scheduledChange.findMany({
    where: { status: "PENDING", runAt: { lte: new Date() } },
    orderBy: { runAt: "asc" },
    take: 50,
    select: { id: true },
  });
  let applied = 0;
  for (const { id } of due) if (await applyChange(id)) applied++;
  return applied;
}

export function startScheduledChangeRunner(): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueScheduledChanges();
    } catch (error) {
      console.error("[ensign] applying scheduled changes failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
