// Where a segment is used and whom it matches. associated-features is Flagsmith's: the segment
// overrides of the segment, one row per feature state, optionally in one environment.
// identity-count is Ensign's: the stored identities of one environment that the segment
// matches, evaluated with the pure engine in batches and capped, so that a huge environment
// answers "at least N" instead of holding the server.
import { NotFoundError } from "@/lib/api/errors";
import { isDbInt } from "@/lib/api/query-int";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { indexTraits, isContextInSegment, type EngineSegment, type TraitValueType } from "@/lib/engine";
import { LIMITS } from "@/lib/limits/limits";
import { requireProject } from "@/lib/organisations/access";
import { buildRule } from "@/lib/sdk/document";
import { readValue } from "@/lib/values";
import { segmentInclude } from "./rules";
import { IDENTITY_BATCH_SIZE, scanIdentities, type CountableIdentity } from "./scan";
import type { TAssociatedFeaturesQuery, TIdentityCountQuery } from "./schemas";

export type { CountableIdentity } from "./scan";

type Scope = { userId: number; projectId: number };

async function requireProjectSegment(scope: Scope, segmentId: number) {
  await requireProject(scope.userId, scope.projectId);
  const segment = await db.segment.findFirst({
    where: { id: segmentId, projectId: scope.projectId },
    include: segmentInclude,
  });
  if (!segment) throw new NotFoundError();
  return segment;
}

export async function listAssociatedFeatures(
  scope: Scope,
  segmentId: number,
  request: Request,
  query: TAssociatedFeaturesQuery,
) {
  const segment = await requireProjectSegment(scope, segmentId);
  const where = {
    featureSegment: { segmentId: segment.id },
    environment: { projectId: scope.projectId },
    ...(query.environment !== undefined ? { environmentId: query.environment } : {}),
  };
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.featureState.count({ where }),
    db.featureState.findMany({
      where,
      select: { id: true, featureId: true, environmentId: true },
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(
    request,
    window,
    count,
    rows.map((row) => ({ id: row.id, feature: row.featureId, environment: row.environmentId })),
  );
}

export type MemberCount = { count: number; scanned: number; complete: boolean };

/**
 * Counts the identities a segment matches, reading them batch by batch through `nextBatch`
 * (called with the last id seen) and stopping after `limit` identities. Pure apart from
 * `nextBatch`: the engine decides membership exactly as for SDK evaluation.
 */
export async function countSegmentMembers(options: {
  segment: EngineSegment;
  environment: { apiKey: string; name: string; useIdentityCompositeKeyForHashing: boolean };
  limit: number;
  batchSize: number;
  nextBatch: (afterId: number, take: number) => Promise<CountableIdentity[]>;
}): Promise<MemberCount> {
  const { segment, environment } = options;
  let count = 0;
  const result = await scanIdentities({
    ...options,
    visit: (identity) => {
      if (isMember(segment, environment, identity)) count += 1;
    },
  });
  return { count, ...result };
}

function isMember(
  segment: EngineSegment,
  environment: { apiKey: string; name: string; useIdentityCompositeKeyForHashing: boolean },
  identity: CountableIdentity,
): boolean {
  const traits = identity.traits.map((t) => ({
    trait_key: t.traitKey,
    trait_value: readValue(t) as string | number | boolean,
    value_type: t.valueType as TraitValueType,
  }));
  // The hash key of lib/engine getIdentityHashKey for a stored identity.
  const key = environment.useIdentityCompositeKeyForHashing
    ? `${environment.apiKey}_${identity.identifier}`
    : String(identity.id);
  return isContextInSegment(
    {
      environment: { key: environment.apiKey, name: environment.name },
      identity: { identifier: identity.identifier, key, traits: indexTraits(traits) },
    },
    segment,
  );
}

/** Reads one environment's stored identities with their traits, in id order, after a given id. */
export function readIdentityBatch(environmentId: number) {
  return (afterId: number, take: number): Promise<CountableIdentity[]> =>
    db.identity.findMany({
      where: { environmentId, id: { gt: afterId } },
      select: {
        id: true,
        identifier: true,
        traits: { select: { traitKey: true, valueType: true, value: true } },
      },
      orderBy: { id: "asc" },
      take,
    });
}

export async function countSegmentIdentities(scope: Scope, segmentId: number, query: TIdentityCountQuery) {
  const segment = await requireProjectSegment(scope, segmentId);
  const ref = query.environment;
  const environment = await db.environment.findFirst({
    where: {
      projectId: scope.projectId,
      ...(/^\d{1,10}$/.test(ref) && isDbInt(Number(ref)) ? { id: Number(ref) } : { apiKey: ref }),
    },
  });
  if (!environment) throw new NotFoundError();
  const engineSegment: EngineSegment = {
    id: segment.id,
    name: segment.name,
    rules: segment.rules.map((rule) => buildRule(rule)),
    feature_states: [],
  };
  const limit = LIMITS.segmentCountScan;
  const result = await countSegmentMembers({
    segment: engineSegment,
    environment,
    limit,
    batchSize: IDENTITY_BATCH_SIZE,
    nextBatch: readIdentityBatch(environment.id),
  });
  return {
    segment: segment.id,
    environment: environment.id,
    count: result.count,
    identities_scanned: result.scanned,
    is_complete: result.complete,
    scan_limit: limit,
  };
}
