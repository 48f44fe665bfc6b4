// The project's feature list, as Flagsmith's FeatureViewSet.list filters and sorts it, paged up
// to 999 at a time. With ?environment= each feature carries its state and override counts there.
// Ensign adds last_changed and is_stale to each feature, the is_stale filter and the last_changed
// sort; those two rank the project's matching features in memory (features per project are
// bounded by ENSIGN_MAX_FEATURES_PER_PROJECT), then load the page's rows. With ?environment=
// each feature has Flagsmith's lifecycle_stage there (filter: ?lifecycle_stage=, ranked the same
// way); every feature carries code_references_counts (one grouped query per page).
import { ValidationError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db, type Prisma } from "@/lib/db/client";
import { requireProject } from "@/lib/organisations/access";
import { featureInclude } from "./access";
import { idList, valueMatches } from "./list-filters";
import { ownerCondition } from "./owner-filter";
import { loadEnvironmentContexts, requireProjectEnvironment } from "./environment-context";
import { serializeFeature } from "./feature-serializers";
import { latestVersionDates, permanentTagIds } from "./last-changed";
import { compareLastChanged, isStale, lastChangedOf, staleBefore } from "./staleness";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { codeReferencesCounts } from "@/lib/code-references/read";
import { lifecycleStageOf } from "./lifecycle";
import { loadLifecycleSources, type LifecycleSources } from "./lifecycle-data";
import type { TFeatureListQuery } from "./schemas";

type Scope = { userId: number; projectId: number };

/** ?tags=: empty means "without tags"; UNION any of the ids, INTERSECTION (default) all of them. */
function tagConditions(
  tags: number[] | undefined,
  strategy: "UNION" | "INTERSECTION",
): Prisma.FeatureWhereInput[] {
  if (tags === undefined) return [];
  if (tags.length === 0) return [{ tags: { none: {} } }];
  if (strategy === "UNION") return [{ tags: { some: { tagId: { in: tags } } } }];
  return tags.map((tagId) => ({ tags: { some: { tagId } } }));
}

/** Ids of the features whose default state in the environment passes the state filters. */
async function featureIdsByState(environmentId: number, query: TFeatureListQuery, projectId: number) {
  const states = await db.featureState.findMany({
    where: {
      environmentId,
      scope: ENVIRONMENT_SCOPE,
      feature: { projectId },
      ...(query.is_enabled === undefined ? {} : { enabled: query.is_enabled }),
    },
    select: { featureId: true, valueType: true, value: true },
  });
  // Values are matched here rather than in SQL: SQLite and PostgreSQL disagree on case-insensitive LIKE.
  const search = query.value_search;
  return states.filter((s) => search === undefined || valueMatches(s, search)).map((s) => s.featureId);
}

type Staleness = {
  cutoff: Date;
  permanent: Set<number>;
  versions: Map<number, Date>;
  /** With ?environment=: what lifecycle_stage is computed from. */
  lifecycle?: LifecycleSources;
};
type Ranked = { id: number; name: string; updatedAt: Date; tags: { tagId: number }[] };

function stalenessOf(feature: Ranked, s: Staleness) {
  const lastChanged = lastChangedOf(feature.updatedAt, s.versions.get(feature.id));
  const isPermanent = feature.tags.some((t) => s.permanent.has(t.tagId));
  const stale = isStale({ lastChanged, staleBefore: s.cutoff, isPermanent });
  const l = s.lifecycle;
  const lifecycleStage = l
    ? lifecycleStageOf({
        hasCodeReferences: l.inCode.has(feature.id),
        isPermanent,
        isStale: stale || feature.tags.some((t) => l.staleTagIds.has(t.tagId)),
        hasRecentUsage: l.evaluatedNames.has(feature.name),
      })
    : null;
  return { lastChanged, isStale: stale, lifecycleStage };
}

/** The in-memory ranking is needed when a filter or sort reads more than the feature row. */
const needsRanking = (query: TFeatureListQuery, s: Omit<Staleness, "versions">) =>
  query.is_stale !== undefined ||
  query.sort_field === "last_changed" ||
  (query.lifecycle_stage !== undefined && s.lifecycle !== undefined);

/**
 * is_stale and sort_field=last_changed depend on dates from two tables: the matching features
 * are ranked here (one light query, one grouped query), and only the page's rows are loaded.
 */
async function rankedPageIds(
  where: Prisma.FeatureWhereInput,
  orderBy: Prisma.FeatureOrderByWithRelationInput[],
  query: TFeatureListQuery,
  staleness: Staleness,
  window: { skip: number; take: number },
) {
  const rows = await db.feature.findMany({
    where,
    orderBy,
    select: { id: true, name: true, updatedAt: true, tags: { select: { tagId: true } } },
  });
  const stage = staleness.lifecycle ? query.lifecycle_stage : undefined;
  const ranked = rows
    .map((row) => ({ id: row.id, ...stalenessOf(row, staleness) }))
    .filter((row) => query.is_stale === undefined || row.isStale === query.is_stale)
    .filter((row) => stage === undefined || row.lifecycleStage === stage);
  if (query.sort_field === "last_changed") {
    const direction = query.sort_direction === "DESC" ? "desc" : "asc";
    ranked.sort((a, b) => compareLastChanged(a, b, direction));
  }
  return { count: ranked.length, ids: ranked.slice(window.skip, window.skip + window.take).map((r) => r.id) };
}

async function loadPage(
  where: Prisma.FeatureWhereInput,
  orderBy: Prisma.FeatureOrderByWithRelationInput[],
  query: TFeatureListQuery,
  staleness: Omit<Staleness, "versions">,
  window: { skip: number; take: number },
) {
  if (!needsRanking(query, staleness)) {
    const [count, features] = await Promise.all([
      db.feature.count({ where }),
      db.feature.findMany({ where, include: featureInclude, orderBy, skip: window.skip, take: window.take }),
    ]);
    const versions = await latestVersionDates({ featureId: { in: features.map((f) => f.id) } });
    return { count, features, staleness: { ...staleness, versions } };
  }
  const versions = await latestVersionDates({ feature: where });
  const full = { ...staleness, versions };
  const { count, ids } = await rankedPageIds(where, orderBy, query, full, window);
  const rows = await db.feature.findMany({ where: { id: { in: ids } }, include: featureInclude });
  const byId = new Map(rows.map((f) => [f.id, f]));
  return { count, features: ids.flatMap((id) => byId.get(id) ?? []), staleness: full };
}

export async function listFeatures(scope: Scope, request: Request, query: TFeatureListQuery) {
  const project = await requireProject(scope.userId, scope.projectId);
  const environmentId =
    query.environment === undefined
      ? undefined
      : await requireProjectEnvironment(scope.projectId, query.environment);
  if ((query.is_enabled !== undefined || query.value_search !== undefined) && environmentId === undefined) {
    // Raised outside Flagsmith's query serializer, so the body is a bare list.
    throw new ValidationError([
      "Environment is required in order to filter by state search or by state enabled",
    ]);
  }
  const stateFiltered =
    environmentId !== undefined && (query.is_enabled !== undefined || query.value_search !== undefined)
      ? await featureIdsByState(environmentId, query, scope.projectId)
      : undefined;
  const owned = ownerCondition(idList(query.owners), idList(query.group_owners));
  const where: Prisma.FeatureWhereInput = {
    projectId: scope.projectId,
    ...(query.search ? { nameLower: { contains: query.search.toLowerCase() } } : {}),
    ...(query.is_archived === undefined ? {} : { isArchived: query.is_archived }),
    ...(query.type === undefined ? {} : { type: query.type }),
    ...(stateFiltered === undefined ? {} : { id: { in: stateFiltered } }),
    AND: [...tagConditions(idList(query.tags), query.tag_strategy), ...(owned ? [owned] : [])],
  };
  const direction: "asc" | "desc" = query.sort_direction === "DESC" ? "desc" : "asc";
  // Names sort case-insensitively so that SQLite and PostgreSQL agree.
  const orderBy: Prisma.FeatureOrderByWithRelationInput[] =
    query.sort_field === "name"
      ? [{ nameLower: direction }, { id: direction }]
      : [{ createdAt: direction }, { id: direction }];
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const lifecycle =
    environmentId === undefined
      ? undefined
      : await loadLifecycleSources({
          projectId: scope.projectId,
          environmentId,
          staleFlagsLimitDays: project.staleFlagsLimitDays,
        });
  const { count, features, staleness } = await loadPage(
    where,
    orderBy,
    query,
    {
      cutoff: staleBefore(new Date(), project.staleFlagsLimitDays),
      permanent: await permanentTagIds(scope.projectId),
      lifecycle,
    },
    window,
  );
  const codeReferences = await codeReferencesCounts(features.map((f) => f.id));
  const contexts =
    environmentId === undefined
      ? undefined
      : await loadEnvironmentContexts(
          environmentId,
          features.map((f) => f.id),
        );
  // Flagsmith's list annotates the latest published version, overall and in ?environment=.
  const inEnvironment =
    environmentId === undefined
      ? undefined
      : await latestVersionDates({ environmentId, featureId: { in: features.map((f) => f.id) } });
  return buildPage(
    request,
    window,
    count,
    features.map((f) => {
      const { lastChanged, isStale, lifecycleStage } = stalenessOf(f, staleness);
      return {
        ...serializeFeature(f, contexts?.get(f.id)),
        code_references_counts: codeReferences.get(f.id) ?? [],
        lifecycle_stage: lifecycleStage,
        last_modified_in_any_environment: staleness.versions.get(f.id)?.toISOString() ?? null,
        last_modified_in_current_environment: inEnvironment?.get(f.id)?.toISOString() ?? null,
        last_changed: lastChanged.toISOString(),
        is_stale: isStale,
      };
    }),
  );
}
