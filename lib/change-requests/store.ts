// Loading and answering change requests: the stored proposal (JSON), approvals against the
// minimum, conflicts with the live state, and the Flagsmith-shaped serialisation.
import type { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import type { DbOrTx } from "@/lib/db/client";
import { stateScope } from "@/lib/feature-states/scope";
import { readValue, type StoredValue } from "@/lib/values";
import type {
  ZChangeRequest,
  ZChangeRequestSummary,
  ZConflict,
  ZProjectChangeRequest,
  ZProposedSegmentAnswer,
} from "./responses";

/** A proposed feature state as stored: complete (missing fields were taken from the live state). */
export type StoredProposal = {
  feature: number;
  feature_segment: number | null;
  enabled: boolean;
  value: StoredValue;
  allocations: { multivariate_feature_option: number; percentage_allocation: number }[];
  live_from: string | null;
};

/** A proposed segment as stored. */
export type StoredSegment = {
  id: number;
  name: string;
  description: string | null;
  rules: unknown[];
};

export const changeRequestInclude = {
  approvals: { orderBy: { id: "asc" as const } },
  groupAssignments: { orderBy: { id: "asc" as const } },
  environment: { select: { id: true, minimumChangeRequestApprovals: true } },
  project: { select: { id: true, organisationId: true, minimumChangeRequestApprovals: true } },
};

export async function loadChangeRequest(client: DbOrTx, id: number) {
  return client.changeRequest.findUnique({ where: { id }, include: changeRequestInclude });
}
export type LoadedChangeRequest = NonNullable<Awaited<ReturnType<typeof loadChangeRequest>>>;

/** An environment request by id (404 when it is a project request or none). */
export async function requireEnvironmentRequest(client: DbOrTx, id: number) {
  const cr = await loadChangeRequest(client, id);
  if (!cr || cr.environmentId === null) throw new NotFoundError();
  return cr;
}

/** A project request of this project by id (404 otherwise). */
export async function requireProjectRequest(client: DbOrTx, projectId: number, id: number) {
  const cr = await loadChangeRequest(client, id);
  if (!cr || cr.environmentId !== null || cr.projectId !== projectId) throw new NotFoundError();
  return cr;
}

export const proposalsOf = (cr: { featureStates: string }) =>
  JSON.parse(cr.featureStates) as StoredProposal[];
export const segmentsOf = (cr: { segments: string }) => JSON.parse(cr.segments) as StoredSegment[];

export function minimumApprovals(cr: LoadedChangeRequest): number | null {
  return cr.environment
    ? cr.environment.minimumChangeRequestApprovals
    : cr.project.minimumChangeRequestApprovals;
}

export const approvalCount = (cr: LoadedChangeRequest) => cr.approvals.filter((a) => a.approvedAt).length;

export function isApproved(cr: LoadedChangeRequest): boolean {
  const minimum = minimumApprovals(cr);
  return minimum === null || approvalCount(cr) >= minimum;
}

type Conflict = z.infer<typeof ZConflict>;

/** The live states (or segments) changed since the proposal was written. */
export async function findConflicts(client: DbOrTx, cr: LoadedChangeRequest): Promise<Conflict[]> {
  if (cr.committedAt) return [];
  if (cr.environmentId === null) {
    const ids = segmentsOf(cr).map((s) => s.id);
    const changed = await client.segment.findMany({
      where: { id: { in: ids }, updatedAt: { gt: cr.proposedAt } },
      select: { id: true, updatedAt: true },
    });
    return changed.map((s) => ({
      segment_id: s.id,
      original_cr_id: null,
      published_at: s.updatedAt.toISOString(),
      is_environment_default: false,
    }));
  }
  const conflicts: Conflict[] = [];
  for (const p of proposalsOf(cr)) {
    const live = await client.featureState.findUnique({
      where: {
        featureId_environmentId_scope: {
          featureId: p.feature,
          environmentId: cr.environmentId,
          scope: stateScope({ featureSegmentId: p.feature_segment }),
        },
      },
      select: { updatedAt: true, featureSegment: { select: { segmentId: true } } },
    });
    if (live && live.updatedAt > cr.proposedAt) {
      conflicts.push({
        segment_id: live.featureSegment?.segmentId ?? null,
        original_cr_id: null,
        published_at: live.updatedAt.toISOString(),
        is_environment_default: p.feature_segment === null,
      });
    }
  }
  return conflicts;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function serializeSummary(cr: LoadedChangeRequest): z.infer<typeof ZChangeRequestSummary> {
  return {
    id: cr.id,
    uuid: cr.uuid,
    created_at: cr.createdAt.toISOString(),
    updated_at: cr.updatedAt.toISOString(),
    title: cr.title,
    description: cr.description,
    user: cr.authorId,
    committed_at: iso(cr.committedAt),
    committed_by: cr.committedById,
    deleted_at: null,
    live_from: iso(cr.liveFrom),
    ignore_conflicts: cr.ignoreConflicts,
    is_approved: isApproved(cr),
    is_committed: cr.committedAt !== null,
    is_rejected: cr.rejectedAt !== null,
    environment_feature_versions: [],
  };
}

async function serializeDetail(client: DbOrTx, cr: LoadedChangeRequest) {
  const { environment_feature_versions: _unused, ...summary } = serializeSummary(cr);
  return {
    ...summary,
    project: cr.projectId,
    approvals: cr.approvals.map((a) => ({
      id: a.id,
      user: a.userId,
      approved_at: iso(a.approvedAt),
      is_assigned: a.assigned,
    })),
    group_assignments: cr.groupAssignments.map((g) => ({ group: g.groupId })),
    conflicts: await findConflicts(client, cr),
    rejected_at: iso(cr.rejectedAt),
    rejected_by: cr.rejectedById,
    minimum_approvals: minimumApprovals(cr),
  };
}

export async function serializeChangeRequest(
  client: DbOrTx,
  cr: LoadedChangeRequest,
): Promise<z.infer<typeof ZChangeRequest>> {
  const environmentId = cr.environmentId as number;
  return {
    ...(await serializeDetail(client, cr)),
    environment: environmentId,
    feature_states: proposalsOf(cr).map((p) => ({
      feature: p.feature,
      feature_segment: p.feature_segment,
      environment: environmentId,
      enabled: p.enabled,
      feature_state_value: readValue(p.value),
      multivariate_feature_state_values: p.allocations,
      live_from: p.live_from,
    })),
    change_sets: [],
    environment_feature_versions: [],
  };
}

export async function serializeProjectChangeRequest(
  client: DbOrTx,
  cr: LoadedChangeRequest,
): Promise<z.infer<typeof ZProjectChangeRequest>> {
  return {
    ...(await serializeDetail(client, cr)),
    segments: segmentsOf(cr).map((s): z.infer<typeof ZProposedSegmentAnswer> => ({
      id: s.id,
      version_of: s.id,
      name: s.name,
      description: s.description,
      rules: s.rules,
    })),
  };
}
