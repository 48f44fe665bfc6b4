// Applies scheduled changes when they are due. Every instance runs this; a change is applied
// by the transaction whose conditional update moves it out of PENDING, so exactly once.
// Each state it changes is audited and notified (webhooks) as a direct change would be; the
// whole change is one new version of the feature.
import { runAsActor } from "@/lib/audit/context";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { changeState } from "@/lib/feature-states/write";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import { applyProposals } from "@/lib/change-requests/apply";
import { proposalsOf } from "@/lib/change-requests/store";
import { overrideChanges } from "./scheduled-changes";

const POLL_MS = Number(process.env.ENSIGN_SCHEDULE_POLL_MS ?? 1000);

type Change = { enabled: boolean | null; hasValue: boolean; valueType: string; value: string | null };

function applyToState(tx: Tx, stateId: number, change: Change) {
  return changeState(
    tx,
    stateId,
    {
      enabled: change.enabled ?? undefined,
      value: change.hasValue ? { valueType: change.valueType, value: change.value } : undefined,
    },
    { batch: true },
  );
}

/** A committed change request going live: its states of this feature, with the bypass. */
async function applyRequestPart(
  tx: Tx,
  changeRequestId: number,
  where: { featureId: number; environmentId: number },
) {
  const cr = await tx.changeRequest.findUnique({ where: { id: changeRequestId } });
  // Deleted with its environment, or never committed: nothing to apply.
  if (!cr?.committedAt) return;
  const mine = proposalsOf(cr).filter((p) => p.feature === where.featureId);
  if (mine.length) await applyProposals(tx, where.environmentId, mine);
}

async function applyChange(id: number): Promise<boolean> {
  const row = await db.scheduledChange.findUnique({ where: { id }, include: { featureState: true } });
  if (!row) return false;
  const where = { featureId: row.featureState.featureId, environmentId: row.featureState.environmentId };
  if (row.changeRequestId === null) {
    // Scheduled before change requests were turned on: it no longer goes live unreviewed.
    const environment = await db.environment.findUnique({
      where: { id: where.environmentId },
      select: { minimumChangeRequestApprovals: true },
    });
    if (environment?.minimumChangeRequestApprovals != null) {
      await db.scheduledChange.updateMany({
        where: { id, status: "PENDING" },
        data: { status: "CANCELLED" },
      });
      return false;
    }
  }
  return runAsActor(row.authorId === null ? undefined : { userId: row.authorId }, () =>
    db.$transaction(async (tx) => {
      const { count } = await tx.scheduledChange.updateMany({
        where: { id, status: "PENDING" },
        data: { status: "APPLIED", appliedAt: new Date() },
      });
      if (count === 0) return false;
      if (row.changeRequestId !== null) {
        await applyRequestPart(tx, row.changeRequestId, where);
        return true;
      }
      if (row.enabled !== null || row.hasValue) await applyToState(tx, row.featureStateId, row);
      // An override removed since it was scheduled has nothing left to change.
      for (const change of overrideChanges(row)) {
        const link = await tx.featureSegment.findUnique({
          where: { featureId_segmentId_environmentId: { ...where, segmentId: change.segment } },
          select: { featureState: { select: { id: true } } },
        });
        if (link?.featureState) await applyToState(tx, link.featureState.id, change);
      }
      await touchEnvironments({ environmentId: where.environmentId }, tx);
      await recordFeatureVersion(tx, where);
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
