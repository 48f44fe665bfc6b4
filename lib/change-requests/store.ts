// Loading and answering change requests: the stored proposal (JSON), approvals against the
// minimum, conflicts with the live state, and the Flagsmith-shaped serialisation.
import type { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import type { DbOrTx } from "@/lib/db/client";
import { stateScope } from "@/lib/feature-states/scope";
import { segmentInclude, serializeRule } from "@/lib/segments/rules";
import { getMembershipRole } from "@/lib/organisations/access";
import { currentActor } from "@/lib/audit/context";
import { readValue, type StoredValue } from "@/lib/values";
import type {
  ZNamedUser,
  ZProposedStateAnswer,
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

/**
 * The people a request names, for the review page to show by name: only current members of
 * the organisation, and only to a caller who is one, which is what the organisation's member
 * list (any member may read it) shows that caller anyway.
 */
async function namedUsers(client: DbOrTx, cr: LoadedChangeRequest): Promise<z.infer<typeof ZNamedUser>[]> {
  const caller = currentActor()?.userId;
  const organisationId = cr.project.organisationId;
  if (caller === undefined || !(await getMembershipRole(caller, organisationId))) return [];
  const comments = await client.changeRequestComment.findMany({
    where: { changeRequestId: cr.id },
    select: { authorId: true },
  });
  const ids = new Set<number>();
  for (const id of [
    cr.authorId,
    cr.committedById,
    cr.rejectedById,
    ...cr.approvals.map((a) => a.userId),
    ...comments.map((c) => c.authorId),
  ])
    if (id !== null) ids.add(id);
  if (ids.size === 0) return [];
  const members = await client.organisationUser.findMany({
    where: { organisationId, userId: { in: [...ids] }, user: { isApiKey: false } },
    select: { user: { select: { id: true, email: true, firstName: true, lastName: true } } },
    orderBy: { userId: "asc" },
  });
  return members.map(({ user }) => ({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  }));
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
    users: await namedUsers(client, cr),
  };
}

type ProposedStateAnswer = z.infer<typeof ZProposedStateAnswer>;

/** Each proposal's feature name, and the live state it would replace (with its segment's name). */
async function liveSides(client: DbOrTx, environmentId: number, proposals: StoredProposal[]) {
  const features = await client.feature.findMany({
    where: { id: { in: [...new Set(proposals.map((p) => p.feature))] } },
    select: { id: true, name: true },
  });
  const names = new Map(features.map((f) => [f.id, f.name]));
  return Promise.all(
    proposals.map(async (p) => {
      const live = await client.featureState.findUnique({
        where: {
          featureId_environmentId_scope: {
            featureId: p.feature,
            environmentId,
            scope: stateScope({ featureSegmentId: p.feature_segment }),
          },
        },
        include: {
          multivariateValues: { orderBy: { optionId: "asc" } },
          featureSegment: { select: { segment: { select: { name: true } } } },
        },
      });
      const side: Pick<ProposedStateAnswer, "feature_name" | "segment_name" | "live"> = {
        feature_name: names.get(p.feature) ?? "",
        segment_name: live?.featureSegment?.segment.name ?? null,
        live: live && {
          enabled: live.enabled,
          feature_state_value: readValue(live),
          multivariate_feature_state_values: live.multivariateValues.map((v) => ({
            multivariate_feature_option: v.optionId,
            percentage_allocation: v.percentageAllocation,
          })),
        },
      };
      return side;
    }),
  );
}

export async function serializeChangeRequest(
  client: DbOrTx,
  cr: LoadedChangeRequest,
): Promise<z.infer<typeof ZChangeRequest>> {
  const environmentId = cr.environmentId as number;
  const proposals = proposalsOf(cr);
  const sides = await liveSides(client, environmentId, proposals);
  return {
    ...(await serializeDetail(client, cr)),
    environment: environmentId,
    feature_states: proposals.map((p, i) => ({
      feature: p.feature,
      feature_segment: p.feature_segment,
      environment: environmentId,
      enabled: p.enabled,
      feature_state_value: readValue(p.value),
      multivariate_feature_state_values: p.allocations,
      live_from: p.live_from,
      ...sides[i],
    })),
    change_sets: [],
    environment_feature_versions: [],
  };
}

export async function serializeProjectChangeRequest(
  client: DbOrTx,
  cr: LoadedChangeRequest,
): Promise<z.infer<typeof ZProjectChangeRequest>> {
  const proposed = segmentsOf(cr);
  const live = await client.segment.findMany({
    where: { id: { in: proposed.map((s) => s.id) }, projectId: cr.projectId },
    include: segmentInclude,
  });
  return {
    ...(await serializeDetail(client, cr)),
    segments: proposed.map((s): z.infer<typeof ZProposedSegmentAnswer> => {
      const now = live.find((l) => l.id === s.id);
      return {
        id: s.id,
        version_of: s.id,
        name: s.name,
        description: s.description,
        rules: s.rules,
        live: now
          ? { name: now.name, description: now.description, rules: now.rules.map(serializeRule) }
          : null,
      };
    }),
  };
}
