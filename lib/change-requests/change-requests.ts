// Change requests of an environment's flags (Flagsmith's create-change-request/,
// list-change-requests/ and features/workflows/change-requests/{id}/): create, list, read,
// edit and delete. The proposal is checked against the environment when it is written and
// stored complete (fields left out are the live state's); committing is ./commit.ts.
import { BadRequestError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { currentActor } from "@/lib/audit/context";
import { db, type Tx } from "@/lib/db/client";
import { checkAllocations } from "@/lib/feature-states/allocations";
import { stateScope } from "@/lib/feature-states/scope";
import { generateUuid } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
import { notifyAssignees } from "./notify";
import { auditChangeRequest, dropApprovals, writeAssignments } from "./records";
import type {
  TChangeRequestCreate,
  TChangeRequestListQuery,
  TChangeRequestUpdate,
  TProposedFeatureState,
} from "./schemas";
import {
  loadChangeRequest,
  requireEnvironmentRequest,
  serializeChangeRequest,
  serializeSummary,
  type StoredProposal,
} from "./store";

const FIELD = "feature_states";

/** Checks each proposed state against the environment and completes it from the live state. */
async function buildProposals(
  tx: Tx,
  environment: { id: number; projectId: number },
  input: TProposedFeatureState[],
): Promise<StoredProposal[]> {
  const seen = new Set<string>();
  const proposals: StoredProposal[] = [];
  for (const state of input) {
    const featureSegment = state.feature_segment ?? null;
    const key = `${state.feature}:${featureSegment}`;
    if (seen.has(key)) throw ValidationError.field(FIELD, "Each feature state may appear once.");
    seen.add(key);
    const feature = await tx.feature.findFirst({
      where: { id: state.feature, projectId: environment.projectId },
      select: { id: true },
    });
    if (!feature)
      throw ValidationError.field(FIELD, `Feature ${state.feature} does not exist in this project.`);
    const live = await tx.featureState.findUnique({
      where: {
        featureId_environmentId_scope: {
          featureId: feature.id,
          environmentId: environment.id,
          scope: stateScope({ featureSegmentId: featureSegment }),
        },
      },
      include: { multivariateValues: true },
    });
    if (!live) {
      throw ValidationError.field(
        FIELD,
        `Feature segment ${featureSegment} is not a segment override of feature ${feature.id} in this environment.`,
      );
    }
    await checkAllocations(tx, feature.id, state.multivariate_feature_state_values);
    proposals.push({
      feature: feature.id,
      feature_segment: featureSegment,
      enabled: state.enabled ?? live.enabled,
      value: state.feature_state_value ?? { valueType: live.valueType, value: live.value },
      allocations:
        state.multivariate_feature_state_values?.map((a) => ({
          multivariate_feature_option: a.multivariate_feature_option,
          percentage_allocation: a.percentage_allocation,
        })) ??
        live.multivariateValues.map((v) => ({
          multivariate_feature_option: v.optionId,
          percentage_allocation: v.percentageAllocation,
        })),
      live_from: state.live_from ? new Date(state.live_from).toISOString() : null,
    });
  }
  return proposals;
}

/** The request goes live at the earliest `live_from` of its states (null: at the commit). */
export function liveFromOf(items: { live_from: string | null }[]): Date | null {
  const times = items.flatMap((p) => (p.live_from ? [new Date(p.live_from).getTime()] : []));
  return times.length ? new Date(Math.min(...times)) : null;
}

async function answer(id: number) {
  const cr = await requireEnvironmentRequest(db, id);
  return serializeChangeRequest(db, cr);
}

export async function createChangeRequest(userId: number, apiKey: string, input: TChangeRequestCreate) {
  const environment = await requireEnvironment(userId, apiKey);
  const project = await db.project.findUniqueOrThrow({ where: { id: environment.projectId } });
  const id = await db.$transaction(async (tx) => {
    const proposals = await buildProposals(tx, environment, input.feature_states);
    const cr = await tx.changeRequest.create({
      data: {
        uuid: generateUuid(),
        title: input.title,
        description: input.description ?? null,
        projectId: environment.projectId,
        environmentId: environment.id,
        authorId: currentActor()?.userId ?? userId,
        featureStates: JSON.stringify(proposals),
        liveFrom: liveFromOf(proposals),
        ignoreConflicts: input.ignore_conflicts ?? false,
      },
    });
    await writeAssignments(tx, cr.id, project.organisationId, input);
    await auditChangeRequest(tx, cr, "created");
    return cr.id;
  });
  notifyAssignees(id);
  return answer(id);
}

export async function listChangeRequests(
  userId: number,
  apiKey: string,
  request: Request,
  query: TChangeRequestListQuery,
) {
  const environment = await requireEnvironment(userId, apiKey);
  const where = {
    environmentId: environment.id,
    committedAt: query.committed === undefined ? undefined : query.committed ? { not: null } : null,
    // The stored proposal is JSON whose items start with the feature id (./store.ts).
    featureStates:
      query.feature_id === undefined ? undefined : { contains: `{"feature":${query.feature_id},` },
  };
  let ids: number[] | undefined;
  if (query.search !== undefined) {
    // Matched in memory: SQLite and PostgreSQL disagree on case-insensitive LIKE.
    const needle = query.search.toLowerCase();
    const rows = await db.changeRequest.findMany({ where, select: { id: true, title: true } });
    ids = rows.filter((r) => r.title.toLowerCase().includes(needle)).map((r) => r.id);
  }
  const filtered = ids === undefined ? where : { ...where, id: { in: ids } };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.changeRequest.count({ where: filtered }),
    db.changeRequest.findMany({
      where: filtered,
      orderBy: { id: "desc" },
      skip: window.skip,
      take: window.take,
      select: { id: true },
    }),
  ]);
  const loaded = [];
  for (const row of rows) {
    const cr = await loadChangeRequest(db, row.id);
    if (cr) loaded.push(serializeSummary(cr));
  }
  return buildPage(request, window, count, loaded);
}

export async function getChangeRequest(id: number) {
  return answer(id);
}

export const COMMITTED_EDIT = "A committed change request cannot be changed.";
export const COMMITTED_DELETE = "A committed change request cannot be deleted.";

export async function updateChangeRequest(id: number, input: TChangeRequestUpdate) {
  const cr = await requireEnvironmentRequest(db, id);
  if (cr.committedAt) throw new BadRequestError(COMMITTED_EDIT);
  const environment = await db.environment.findUniqueOrThrow({ where: { id: cr.environmentId as number } });
  await db.$transaction(async (tx) => {
    const proposals = input.feature_states && (await buildProposals(tx, environment, input.feature_states));
    // Conditional on the request being uncommitted still: a commit may have landed meanwhile.
    const { count } = await tx.changeRequest.updateMany({
      where: { id, committedAt: null },
      data: {
        title: input.title,
        description: input.description,
        ignoreConflicts: input.ignore_conflicts,
        ...(proposals && { featureStates: JSON.stringify(proposals), liveFrom: liveFromOf(proposals) }),
        updatedAt: new Date(),
      },
    });
    if (count === 0) throw new BadRequestError(COMMITTED_EDIT);
    if (proposals) await dropApprovals(tx, id);
    await writeAssignments(tx, id, cr.project.organisationId, input);
    await auditChangeRequest(tx, cr, "updated", { newTitle: input.title });
  });
  if (input.approvals || input.group_assignments) notifyAssignees(id);
  return answer(id);
}

export async function deleteChangeRequest(id: number) {
  const cr = await requireEnvironmentRequest(db, id);
  await deleteUncommitted(cr);
}

/** Deletes a request that is not committed (both kinds). */
export async function deleteUncommitted(cr: {
  id: number;
  uuid: string;
  title: string;
  projectId: number;
  environmentId: number | null;
  committedAt: Date | null;
}) {
  if (cr.committedAt) throw new BadRequestError(COMMITTED_DELETE);
  await db.$transaction(async (tx) => {
    const { count } = await tx.changeRequest.deleteMany({ where: { id: cr.id, committedAt: null } });
    if (count === 0) throw new BadRequestError(COMMITTED_DELETE);
    await auditChangeRequest(tx, cr, "deleted");
  });
}
