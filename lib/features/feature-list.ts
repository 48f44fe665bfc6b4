// The project's feature list, as Flagsmith's FeatureViewSet.list filters and sorts it, paged up
// to 999 at a time. With ?environment= each feature carries its state and override counts there.
import { ValidationError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db, type Prisma } from "@/lib/db/client";
import { requireProject } from "@/lib/organisations/access";
import { featureInclude } from "./access";
import { idList, valueMatches } from "./list-filters";
import { ownerCondition } from "./owner-filter";
import { loadEnvironmentContexts, requireProjectEnvironment } from "./environment-context";
import { serializeFeature } from "./feature-serializers";
import { ENVIRONMENT_SCOPE } from "./multivariate";
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

export async function listFeatures(scope: Scope, request: Request, query: TFeatureListQuery) {
  await requireProject(scope.userId, scope.projectId);
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
  const [count, features] = await Promise.all([
    db.feature.count({ where }),
    db.feature.findMany({ where, include: featureInclude, orderBy, skip: window.skip, take: window.take }),
  ]);
  const contexts =
    environmentId === undefined
      ? undefined
      : await loadEnvironmentContexts(
          environmentId,
          features.map((f) => f.id),
        );
  return buildPage(
    request,
    window,
    count,
    features.map((f) => serializeFeature(f, contexts?.get(f.id))),
  );
}
