// Identity overrides of a core identity: /environments/{key}/identities/{id}/featurestates/.
// Shapes follow Flagsmith's IdentityFeatureStateViewSet: the list pages by 10 with the identity
// nested, create/retrieve/PUT answer the basic feature state, PATCH only {feature, enabled}.
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { serializeFeatureState } from "@/lib/features/serializers";
import { requireIdentity } from "./identities";
import {
  assertSameFeature,
  changeOverride,
  defaultOverrideValue,
  dropOverride,
  insertOverride,
  resolveOverrideFeature,
} from "./override-writes";
import type { TIdentityOverrideCreate, TIdentityOverrideListQuery, TIdentityOverrideUpdate } from "./schemas";
import { serializeOverridePatch } from "./serializers";

// Flagsmith's wording (it wraps Django's ValidationError text in a list).
const DUPLICATE =
  "Feature state already exists for this environment, feature, version, segment & identity combination";

export async function listIdentityOverrides(
  userId: number,
  request: Request,
  apiKey: string,
  identityId: number,
  query: TIdentityOverrideListQuery,
) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  const where = {
    environmentId: env.id,
    identityId: identity.id,
    ...(query.feature !== undefined ? { featureId: query.feature } : {}),
    ...(query.feature_name ? { feature: { nameLower: query.feature_name.toLowerCase() } } : {}),
  };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.featureState.count({ where }),
    db.featureState.findMany({
      where,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
      include: { identity: { select: { id: true, identifier: true } } },
    }),
  ]);
  return buildPage(request, window, count, rows.map(serializeFeatureState));
}

export async function createIdentityOverride(
  userId: number,
  apiKey: string,
  identityId: number,
  input: TIdentityOverrideCreate,
) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  if (input.feature === undefined) throw new BadRequestError("Feature not provided");
  const feature = await resolveOverrideFeature(userId, env, input.feature);
  const state = await insertOverride({
    env,
    identityId: identity.id,
    featureId: feature.id,
    enabled: input.enabled ?? false,
    value: input.feature_state_value ?? defaultOverrideValue(feature),
    duplicate: () => new ValidationError([DUPLICATE]),
  });
  return serializeFeatureState(state);
}

async function requireOverride(userId: number, apiKey: string, identityId: number, stateId: number) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  const state = await db.featureState.findFirst({
    where: { id: stateId, identityId: identity.id, environmentId: env.id },
  });
  if (!state) throw new NotFoundError();
  return { env, identity, state };
}

export async function getIdentityOverride(
  userId: number,
  apiKey: string,
  identityId: number,
  stateId: number,
) {
  return serializeFeatureState((await requireOverride(userId, apiKey, identityId, stateId)).state);
}

/** Flagsmith treats PUT as partial too; only the answer differs (PATCH: {feature, enabled}). */
export async function updateIdentityOverride(
  userId: number,
  apiKey: string,
  params: { identityId: number; featureStateId: number },
  input: TIdentityOverrideUpdate,
  options: { patch: boolean },
) {
  const { env, state } = await requireOverride(userId, apiKey, params.identityId, params.featureStateId);
  await assertSameFeature(userId, env, input.feature, state.featureId);
  const updated = await changeOverride(state.id, {
    enabled: input.enabled,
    value: input.feature_state_value,
  });
  return options.patch ? serializeOverridePatch(updated) : serializeFeatureState(updated);
}

export async function deleteIdentityOverride(
  userId: number,
  apiKey: string,
  identityId: number,
  stateId: number,
): Promise<void> {
  const { state } = await requireOverride(userId, apiKey, identityId, stateId);
  await dropOverride(state.id);
}
