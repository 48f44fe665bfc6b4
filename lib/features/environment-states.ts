// /environments/{api_key}/featurestates/: the environment-default states of the environment's
// features (identity overrides with ?anyIdentity), and their updates.
//
// Tenant answers follow Flagsmith's views: the list checks a permission on the environment first,
// so an unknown or invisible key answers 403; the detail routes look the environment up while
// building the queryset, so they answer 404 "Environment not found.".
//
// PATCH in Flagsmith answers only `{"feature", "enabled"}` (its partial_update serializer), PUT the
// full state. Ensign answers the full state to both: it is a superset of PATCH's answer, no SDK
// reads it, and clients would otherwise need a second request to see what they wrote.
import { NotFoundError, PermissionDeniedError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { changeState } from "@/lib/feature-states/write";
import { requireEnvironment } from "@/lib/organisations/access";
import type { TFeatureStateListQuery, TFeatureStateUpdate } from "./schemas";
import { serializeFeatureState } from "./serializers";

type EnvironmentScope = { userId: number; apiKey: string };
type StateScope = EnvironmentScope & { featureStateId: number };

const stateInclude = {
  identity: { select: { id: true, identifier: true } },
  multivariateValues: true,
} as const;

async function environmentOrStatus(scope: EnvironmentScope, error: () => Error) {
  try {
    return await requireEnvironment(scope.userId, scope.apiKey);
  } catch (cause) {
    if (cause instanceof NotFoundError) throw error();
    throw cause;
  }
}

async function requireDefaultState(scope: StateScope) {
  const env = await environmentOrStatus(scope, () => new NotFoundError("Environment not found."));
  const state = await db.featureState.findFirst({
    where: { id: scope.featureStateId, environmentId: env.id, scope: ENVIRONMENT_SCOPE },
    include: stateInclude,
  });
  if (!state) throw new NotFoundError();
  return { env, state };
}

export async function listEnvironmentFeatureStates(
  scope: EnvironmentScope,
  request: Request,
  query: TFeatureStateListQuery,
) {
  const env = await environmentOrStatus(scope, () => new PermissionDeniedError());
  const where = {
    environmentId: env.id,
    featureSegmentId: null,
    identityId: query.anyIdentity === undefined ? null : { not: null },
    // Flagsmith ignores an empty feature_name.
    ...(query.feature_name ? { feature: { nameLower: query.feature_name.toLowerCase() } } : {}),
    ...(query.feature === undefined ? {} : { featureId: query.feature }),
  };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, states] = await Promise.all([
    db.featureState.count({ where }),
    db.featureState.findMany({
      where,
      include: stateInclude,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, states.map(serializeFeatureState));
}

export async function getEnvironmentFeatureState(scope: StateScope) {
  const { state } = await requireDefaultState(scope);
  return serializeFeatureState(state);
}

/** PUT and PATCH alike: Flagsmith treats every update of these states as partial. */
export async function updateEnvironmentFeatureState(scope: StateScope, input: TFeatureStateUpdate) {
  const { state } = await requireDefaultState(scope);
  await db.$transaction((tx) =>
    changeState(tx, state.id, {
      enabled: input.enabled,
      value: input.feature_state_value,
      allocations: input.multivariate_feature_state_values,
    }),
  );
  // Read after the commit, not inside the transaction: the commit (and with it the change's
  // NOTIFY to the other instances) does not wait for the answer's queries.
  const updated = await db.featureState.findUnique({ where: { id: state.id }, include: stateInclude });
  if (!updated) throw new NotFoundError();
  return serializeFeatureState(updated);
}
