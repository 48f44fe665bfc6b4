// GET .../featurestates/all/ and .../edge-featurestates/all/: every feature of the environment
// as this identity resolves it, and what decided it (IdentityAllFeatureStatesSerializer). The
// engine evaluates the SDK snapshot's document with the identity's stored traits and overrides,
// so the dashboard shows exactly what an SDK would get. Disabled flags stay listed even under
// hide_disabled_flags, as Flagsmith's edge view does: this is an admin view of every feature.
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import {
  evaluateIdentityFlags,
  type EngineTrait,
  type ResolvedFlag,
  type TraitValueType,
} from "@/lib/engine";
import { getSnapshot } from "@/lib/sdk/cache";
import { readValue } from "@/lib/values";
import { requireEdgeIdentity } from "./edge-identities";
import { requireIdentity, type Environment } from "./identities";
import type { z } from "zod";
import type { ZResolvedFlag } from "@/lib/identities/responses";

export function serializeResolvedFlag(flag: ResolvedFlag): z.infer<typeof ZResolvedFlag> {
  return {
    feature: { id: flag.feature.id, name: flag.feature.name, type: flag.feature.type },
    enabled: flag.enabled,
    feature_state_value: flag.value,
    overridden_by: flag.overriddenBy,
    segment: flag.segment,
    multivariate_feature_state_values: flag.state.multivariate_feature_state_values.map((mv) => ({
      multivariate_feature_option: { value: mv.multivariate_feature_option.value },
      percentage_allocation: mv.percentage_allocation,
    })),
  };
}

async function resolveAll(env: Environment, identity: { id: number; identifier: string }) {
  const snapshot = await getSnapshot(env.id);
  if (!snapshot) throw new NotFoundError();
  const stored = await db.trait.findMany({ where: { identityId: identity.id }, orderBy: { id: "asc" } });
  const traits: EngineTrait[] = stored.map((trait) => ({
    trait_key: trait.traitKey,
    trait_value: readValue(trait),
    value_type: trait.valueType as TraitValueType,
  }));
  const flags = evaluateIdentityFlags({
    doc: snapshot.document,
    identifier: identity.identifier,
    identityId: identity.id,
    traits,
    identityOverrides: snapshot.identityOverrides.get(identity.identifier)?.identity_features ?? [],
  });
  return flags.map(serializeResolvedFlag);
}

export async function listIdentityAllStates(userId: number, apiKey: string, identityId: number) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  return resolveAll(env, identity);
}

export async function listEdgeIdentityAllStates(userId: number, apiKey: string, identityUuid: string) {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  return resolveAll(env, identity);
}
