// Identity overrides of an edge identity, addressed by featurestate_uuid:
// /environments/{key}/edge-identities/{uuid}/edge-featurestates/, unpaginated like Flagsmith's.
// PUT replaces the override (omitted enabled → false, omitted value → null, as Flagsmith's
// serializer defaults them); PATCH, which Flagsmith lacks, changes only what it is given.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { requireEdgeIdentity } from "./edge-identities";
import {
  assertSameFeature,
  changeOverride,
  dropOverride,
  insertOverride,
  resolveOverrideFeature,
} from "./override-writes";
import type { TEdgeOverrideListQuery, TEdgeOverrideWrite } from "./schemas";
import { serializeEdgeOverride } from "./serializers";

const NULL_VALUE = { valueType: "unicode", value: null };

function requireFeatureRef(ref: number | string | undefined): number | string {
  if (ref === undefined) throw ValidationError.field("feature", "This field is required.");
  return ref;
}

export async function listEdgeOverrides(
  userId: number,
  apiKey: string,
  identityUuid: string,
  query: TEdgeOverrideListQuery,
) {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  const states = await db.featureState.findMany({
    where: {
      environmentId: env.id,
      identityId: identity.id,
      ...(query.feature !== undefined ? { featureId: query.feature } : {}),
    },
    orderBy: { id: "asc" },
  });
  return states.map((state) => serializeEdgeOverride(state, identity.uuid));
}

export async function createEdgeOverride(
  userId: number,
  apiKey: string,
  identityUuid: string,
  input: TEdgeOverrideWrite,
) {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  const feature = await resolveOverrideFeature(userId, env, requireFeatureRef(input.feature));
  const state = await insertOverride({
    env,
    identityId: identity.id,
    featureId: feature.id,
    enabled: input.enabled ?? false,
    value: input.feature_state_value ?? NULL_VALUE,
    duplicate: () => new ValidationError(["Feature state already exists."]),
  });
  return serializeEdgeOverride(state, identity.uuid);
}

async function requireEdgeOverride(userId: number, apiKey: string, identityUuid: string, stateUuid: string) {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  const state = await db.featureState.findFirst({
    where: { uuid: stateUuid, identityId: identity.id, environmentId: env.id },
  });
  if (!state) throw new NotFoundError();
  return { env, identity, state };
}

export async function getEdgeOverride(
  userId: number,
  apiKey: string,
  identityUuid: string,
  stateUuid: string,
) {
  const { identity, state } = await requireEdgeOverride(userId, apiKey, identityUuid, stateUuid);
  return serializeEdgeOverride(state, identity.uuid);
}

export async function updateEdgeOverride(
  userId: number,
  apiKey: string,
  params: { identityUuid: string; featurestateUuid: string },
  input: TEdgeOverrideWrite,
  options: { partial: boolean },
) {
  const { env, identity, state } = await requireEdgeOverride(
    userId,
    apiKey,
    params.identityUuid,
    params.featurestateUuid,
  );
  const ref = options.partial ? input.feature : requireFeatureRef(input.feature);
  await assertSameFeature(userId, env, ref, state.featureId);
  const change = options.partial
    ? { enabled: input.enabled, value: input.feature_state_value }
    : { enabled: input.enabled ?? false, value: input.feature_state_value ?? NULL_VALUE };
  const updated = await changeOverride(state.id, change);
  return serializeEdgeOverride(updated, identity.uuid);
}

export async function deleteEdgeOverride(
  userId: number,
  apiKey: string,
  identityUuid: string,
  stateUuid: string,
): Promise<void> {
  const { state } = await requireEdgeOverride(userId, apiKey, identityUuid, stateUuid);
  await dropOverride(state.id);
}

/** Every identity override of the environment, optionally of one feature. */
export async function listEnvironmentEdgeOverrides(
  userId: number,
  apiKey: string,
  query: TEdgeOverrideListQuery,
) {
  const env = await requireEnvironment(userId, apiKey);
  const states = await db.featureState.findMany({
    where: {
      environmentId: env.id,
      identityId: { not: null },
      ...(query.feature !== undefined ? { featureId: query.feature } : {}),
    },
    orderBy: { id: "asc" },
    include: { identity: { select: { identifier: true, uuid: true } } },
  });
  return {
    results: states.flatMap(({ identity, ...state }) => {
      if (!identity) return [];
      const { identity_uuid: _, ...featureState } = serializeEdgeOverride(state, identity.uuid);
      return [{ identifier: identity.identifier, identity_uuid: identity.uuid, feature_state: featureState }];
    }),
  };
}
