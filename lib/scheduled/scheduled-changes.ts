// Scheduled changes of a feature's environment default: create, list and cancel. The
// runner (./runner.ts) applies them. Each write is audited in its own transaction.
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { currentActor } from "@/lib/audit/context";
import { db, type Tx } from "@/lib/db/client";
import { readValue } from "@/lib/values";
import { requireFeatureInEnvironment, type FeaturePath } from "@/lib/versions/versions";
import type { TScheduledChangeCreate } from "./schemas";

type Row = {
  id: number;
  featureStateId: number;
  enabled: boolean | null;
  hasValue: boolean;
  valueType: string;
  value: string | null;
  runAt: Date;
  status: string;
  authorId: number | null;
  createdAt: Date;
  appliedAt: Date | null;
};

export function serializeScheduledChange(row: Row, where: { featureId: number; environmentId: number }) {
  return {
    id: row.id,
    feature: where.featureId,
    environment: where.environmentId,
    feature_state: row.featureStateId,
    enabled: row.enabled,
    feature_state_value: row.hasValue ? readValue(row) : null,
    changes_value: row.hasValue,
    run_at: row.runAt.toISOString(),
    status: row.status,
    created_by: row.authorId,
    created_at: row.createdAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
  };
}

const fields = (row: Row) => ({
  enabled: row.enabled,
  featureStateValue: row.hasValue ? readValue(row) : null,
  runAt: row.runAt,
  status: row.status,
});

async function audit(
  tx: Tx,
  row: Row,
  name: string,
  environmentId: number,
  before: Row | null,
  after: Row | null,
) {
  await recordAudit(tx, {
    type: "FEATURE_STATE",
    before: before && fields(before),
    after: after && fields(after),
    log: `Change ${after ? "scheduled" : "cancelled"} for feature: ${name} at ${row.runAt.toISOString()}`,
    object: { id: row.featureStateId },
    scope: { environmentId },
  });
}

async function requireDefaultState(path: FeaturePath) {
  const found = await requireFeatureInEnvironment(path);
  const state = await db.featureState.findFirstOrThrow({ where: { ...found.where, scope: "env" } });
  return { ...found, state };
}

export async function createScheduledChange(path: FeaturePath, input: TScheduledChangeCreate) {
  const { feature, where, state } = await requireDefaultState(path);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.scheduledChange.create({
      data: {
        featureStateId: state.id,
        enabled: input.enabled ?? null,
        hasValue: input.feature_state_value !== undefined,
        ...(input.feature_state_value ?? {}),
        runAt: new Date(input.run_at),
        authorId: currentActor()?.userId ?? null,
      },
    });
    await audit(tx, created, feature.name, where.environmentId, null, created);
    return created;
  });
  return serializeScheduledChange(row, where);
}

export async function listScheduledChanges(path: FeaturePath) {
  const { where, state } = await requireDefaultState(path);
  const rows = await db.scheduledChange.findMany({
    where: { featureStateId: state.id },
    orderBy: { id: "desc" },
  });
  return rows.map((r) => serializeScheduledChange(r, where));
}

/** Cancels a pending change; one that has applied or was cancelled already answers 400. */
export async function cancelScheduledChange(path: FeaturePath & { changeId: number }) {
  const { feature, where, state } = await requireDefaultState(path);
  await db.$transaction(async (tx) => {
    const row = await tx.scheduledChange.findFirst({
      where: { id: path.changeId, featureStateId: state.id },
    });
    if (!row) throw new NotFoundError();
    const { count } = await tx.scheduledChange.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: { status: "CANCELLED" },
    });
    if (count === 0) throw new BadRequestError("Only a pending change can be cancelled.");
    await audit(tx, row, feature.name, where.environmentId, row, null);
  });
}
