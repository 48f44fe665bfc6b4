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
import { NotFoundError, PermissionDeniedError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";
import { recordStateChange, snapshotState, snapshotStateBeforeChange } from "@/lib/audit/feature-state-entry";
import { generateUuid } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
import { ENVIRONMENT_SCOPE } from "./multivariate";
import type { TFeatureStateListQuery, TFeatureStateUpdate } from "./schemas";
import { serializeFeatureState } from "./serializers";

type EnvironmentScope = { userId: number; apiKey: string };
type StateScope = EnvironmentScope & { featureStateId: number };
type Allocation = NonNullable<TFeatureStateUpdate["multivariate_feature_state_values"]>[number];

const FIELD = "multivariate_feature_state_values";
export const ALLOCATIONS_EXCEED_100 = "Multivariate percentage values exceed 100%.";

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

/** Each allocation must name an option of the state's feature; their shares may total 100 at most. */
async function checkAllocations(userId: number, featureId: number, allocations: Allocation[]) {
  const ids = [...new Set(allocations.map((a) => a.multivariate_feature_option))];
  // Another tenant's options are not found, exactly like ids that name nothing.
  const options = await db.multivariateFeatureOption.findMany({
    where: { id: { in: ids }, feature: { project: { organisation: { users: { some: { userId } } } } } },
    select: { id: true, featureId: true },
  });
  const byId = new Map(options.map((o) => [o.id, o]));
  const seen = new Set<number>();
  const errors = allocations.map((a) => {
    const option = byId.get(a.multivariate_feature_option);
    if (!option || option.featureId !== featureId) {
      return {
        multivariate_feature_option: [
          `Invalid pk "${a.multivariate_feature_option}" - object does not exist.`,
        ],
      };
    }
    if (seen.has(option.id)) {
      return {
        non_field_errors: ["The fields feature_state, multivariate_feature_option must make a unique set."],
      };
    }
    seen.add(option.id);
    return {};
  });
  if (errors.some((e) => Object.keys(e).length)) throw new ValidationError({ [FIELD]: errors });
  const total = allocations.reduce((sum, a) => sum + a.percentage_allocation, 0);
  // Flagsmith raises this from the serializer's validate(), hence non_field_errors.
  if (total > 100) throw ValidationError.nonField(ALLOCATIONS_EXCEED_100);
}

/** PUT and PATCH alike: Flagsmith treats every update of these states as partial. */
export async function updateEnvironmentFeatureState(scope: StateScope, input: TFeatureStateUpdate) {
  const { env, state } = await requireDefaultState(scope);
  const allocations = input.multivariate_feature_state_values;
  if (allocations !== undefined) await checkAllocations(scope.userId, state.featureId, allocations);
  const updated = await db.$transaction(async (tx) => {
    const before = await snapshotStateBeforeChange(tx, state.id);
    await tx.featureState.update({
      where: { id: state.id },
      data: {
        enabled: input.enabled,
        ...(input.feature_state_value === undefined ? {} : input.feature_state_value),
        // Bumps updatedAt even when only the allocations change.
        updatedAt: new Date(),
      },
    });
    if (allocations !== undefined) {
      const optionIds = allocations.map((a) => a.multivariate_feature_option);
      await tx.multivariateFeatureStateValue.deleteMany({
        where: { featureStateId: state.id, optionId: { notIn: optionIds } },
      });
      for (const a of allocations) {
        await tx.multivariateFeatureStateValue.upsert({
          where: {
            featureStateId_optionId: { featureStateId: state.id, optionId: a.multivariate_feature_option },
          },
          create: {
            uuid: generateUuid(),
            featureStateId: state.id,
            optionId: a.multivariate_feature_option,
            percentageAllocation: a.percentage_allocation,
          },
          update: { percentageAllocation: a.percentage_allocation },
        });
      }
    }
    await touchEnvironments({ environmentId: env.id }, tx);
    await recordStateChange(tx, before, await snapshotState(tx, state.id));
    return tx.featureState.findUniqueOrThrow({ where: { id: state.id }, include: stateInclude });
  });
  return serializeFeatureState(updated);
}
