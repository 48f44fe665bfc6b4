// Scheduled changes of a feature in an environment: its environment default and, with it,
// the enabled state and value of some of its segment overrides. Create, list and cancel;
// the runner (./runner.ts) applies them. Each write is audited in its own transaction.
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { currentActor } from "@/lib/audit/context";
import { db, type DbOrTx, type Tx } from "@/lib/db/client";
import { assertDirectWritesAllowed } from "@/lib/feature-states/write";
import { readValue, type ScalarValue } from "@/lib/values";
import { requireFeatureInEnvironment, type FeaturePath } from "@/lib/versions/versions";
import type { TScheduledChangeCreate } from "./schemas";
import type { z } from "zod";
import type { ZScheduledChange } from "@/lib/scheduled/responses";

type Row = {
  id: number;
  featureStateId: number;
  enabled: boolean | null;
  hasValue: boolean;
  valueType: string;
  value: string | null;
  segmentOverrides: string | null;
  runAt: Date;
  status: string;
  authorId: number | null;
  createdAt: Date;
  appliedAt: Date | null;
};

/** One segment override's part of a change, as stored (JSON in segmentOverrides). */
export type StoredOverrideChange = {
  segment: number;
  enabled: boolean | null;
  hasValue: boolean;
  valueType: string;
  value: string | null;
};

export function overrideChanges(row: Pick<Row, "segmentOverrides">): StoredOverrideChange[] {
  return row.segmentOverrides ? (JSON.parse(row.segmentOverrides) as StoredOverrideChange[]) : [];
}

const overrideFields = (o: StoredOverrideChange) => ({
  segment: o.segment,
  enabled: o.enabled,
  feature_state_value: (o.hasValue ? readValue(o) : null) as ScalarValue,
  changes_value: o.hasValue,
});

type Names = { segments: Map<number, string>; authors: Map<number, string> };

async function loadNames(client: DbOrTx, rows: Row[]): Promise<Names> {
  const segmentIds = [...new Set(rows.flatMap((r) => overrideChanges(r).map((o) => o.segment)))];
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])))];
  const [segments, authors] = await Promise.all([
    client.segment.findMany({ where: { id: { in: segmentIds } }, select: { id: true, name: true } }),
    client.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, email: true } }),
  ]);
  return {
    segments: new Map(segments.map((s) => [s.id, s.name])),
    authors: new Map(authors.map((a) => [a.id, a.email])),
  };
}

export function serializeScheduledChange(
  row: Row,
  where: { featureId: number; environmentId: number },
  names: Names,
): z.infer<typeof ZScheduledChange> {
  const email = row.authorId === null ? undefined : names.authors.get(row.authorId);
  return {
    id: row.id,
    feature: where.featureId,
    environment: where.environmentId,
    feature_state: row.featureStateId,
    enabled: row.enabled,
    feature_state_value: row.hasValue ? readValue(row) : null,
    changes_value: row.hasValue,
    segment_overrides: overrideChanges(row).map((o) => ({
      ...overrideFields(o),
      // Null once the segment is deleted: its part of the change is then skipped.
      segment_name: names.segments.get(o.segment) ?? null,
    })),
    run_at: row.runAt.toISOString(),
    status: row.status as z.infer<typeof ZScheduledChange>["status"],
    created_by: row.authorId,
    author: row.authorId !== null && email !== undefined ? { id: row.authorId, email } : null,
    created_at: row.createdAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
  };
}

const fields = (row: Row) => ({
  enabled: row.enabled,
  featureStateValue: row.hasValue ? readValue(row) : null,
  segmentOverrides: overrideChanges(row).map(overrideFields),
  runAt: row.runAt,
  status: row.status,
});

/** Flagsmith's audit date format, `%d/%m/%Y %H:%M:%S` (UTC). */
function flagsmithDateTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

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
    log: after
      ? `Flag state / Remote Config value update scheduled for ${flagsmithDateTime(row.runAt)} for feature: ${name}`
      : `Scheduled change cancelled for feature: ${name} at ${flagsmithDateTime(row.runAt)}`,
    object: { id: row.featureStateId },
    scope: { environmentId },
  });
}

async function requireDefaultState(path: FeaturePath) {
  const found = await requireFeatureInEnvironment(path);
  const state = await db.featureState.findFirstOrThrow({ where: { ...found.where, scope: "env" } });
  return { ...found, state };
}

/** Every segment named must override the feature in this environment now. */
async function checkOverrides(
  tx: Tx,
  where: { featureId: number; environmentId: number },
  input: TScheduledChangeCreate,
) {
  const wanted = (input.segment_overrides ?? []).map((o) => o.segment);
  if (wanted.length === 0) return;
  const links = await tx.featureSegment.findMany({
    where: { ...where, segmentId: { in: wanted } },
    select: { segmentId: true },
  });
  const found = new Set(links.map((l) => l.segmentId));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw ValidationError.field(
      "segment_overrides",
      `Segment ${missing.join(", ")} does not override this feature in this environment.`,
    );
  }
}

export async function createScheduledChange(path: FeaturePath, input: TScheduledChangeCreate) {
  const { feature, where, state } = await requireDefaultState(path);
  const overrides: StoredOverrideChange[] = (input.segment_overrides ?? []).map((o) => ({
    segment: o.segment,
    enabled: o.enabled ?? null,
    hasValue: o.feature_state_value !== undefined,
    valueType: o.feature_state_value?.valueType ?? "unicode",
    value: o.feature_state_value?.value ?? null,
  }));
  const row = await db.$transaction(async (tx) => {
    // A schedule is a change made later: with change requests on, it is a change request's
    // `live_from` instead.
    await assertDirectWritesAllowed(tx, where.environmentId);
    await checkOverrides(tx, where, input);
    const created = await tx.scheduledChange.create({
      data: {
        featureStateId: state.id,
        enabled: input.enabled ?? null,
        hasValue: input.feature_state_value !== undefined,
        ...(input.feature_state_value ?? {}),
        segmentOverrides: overrides.length > 0 ? JSON.stringify(overrides) : null,
        runAt: new Date(input.run_at),
        authorId: currentActor()?.userId ?? null,
      },
    });
    await audit(tx, created, feature.name, where.environmentId, null, created);
    return created;
  });
  return serializeScheduledChange(row, where, await loadNames(db, [row]));
}

export async function listScheduledChanges(path: FeaturePath) {
  const { where, state } = await requireDefaultState(path);
  const rows = await db.scheduledChange.findMany({
    where: { featureStateId: state.id },
    orderBy: { id: "desc" },
  });
  const names = await loadNames(db, rows);
  return rows.map((r) => serializeScheduledChange(r, where, names));
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
