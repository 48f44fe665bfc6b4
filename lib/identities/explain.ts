// "Why this value": evaluates one identifier with stored and/or given traits against the
// environment's SDK snapshot, through the engine's explainIdentityFlags, whose values are the
// SDK evaluation's own. Nothing is written: the identity need not exist.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import {
  explainIdentityFlags,
  type EngineTrait,
  type ExplainedFlag,
  type ExplainedSegment,
  type TraitValueType,
} from "@/lib/engine";
import { requireEnvironment } from "@/lib/organisations/access";
import { getSnapshot } from "@/lib/sdk/cache";
import { readValue } from "@/lib/values";
import type { TEvaluateBody } from "./explain-schemas";

type SourcedTrait = EngineTrait & { source: "stored" | "given" };

function typeOf(value: string | number | boolean): TraitValueType {
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "unicode";
}

async function storedIdentity(environmentId: number, identifier: string) {
  const identity = await db.identity.findFirst({
    where: { environmentId, identifier },
    select: { id: true, traits: { orderBy: { id: "asc" } } },
  });
  if (!identity) return null;
  const traits: SourcedTrait[] = identity.traits.map((t) => ({
    trait_key: t.traitKey,
    trait_value: readValue(t) as string | number | boolean,
    value_type: t.valueType as TraitValueType,
    source: "stored",
  }));
  return { id: identity.id, traits };
}

function mergeTraits(stored: SourcedTrait[], given: TEvaluateBody["traits"]): SourcedTrait[] {
  const byKey = new Map(stored.map((t) => [t.trait_key, t]));
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value === null) byKey.delete(key);
    else byKey.set(key, { trait_key: key, trait_value: value, value_type: typeOf(value), source: "given" });
  }
  return [...byKey.values()];
}

function serializeFlag(explained: ExplainedFlag) {
  const { flag } = explained;
  return {
    feature: { id: flag.feature.id, name: flag.feature.name, type: flag.feature.type },
    enabled: flag.enabled,
    value: flag.value,
    variant: flag.variant,
    decided_by: explained.decidedBy,
    reason: flag.reason,
    segment: flag.segment,
    segment_overrides: explained.segmentOverrides,
    split: explained.split,
  };
}

export async function explainEvaluation(userId: number, apiKey: string, body: TEvaluateBody) {
  const env = await requireEnvironment(userId, apiKey);
  const snapshot = await getSnapshot(env.id);
  if (!snapshot) throw new NotFoundError();
  const identity = await storedIdentity(env.id, body.identifier);
  const useStored = body.use_stored_traits ?? true;
  const traits = mergeTraits(useStored ? (identity?.traits ?? []) : [], body.traits);
  let featureIds: Set<number> | null = null;
  if (body.feature !== undefined) {
    const feature = [...snapshot.features.values()].find((f) =>
      typeof body.feature === "number" ? f.id === body.feature : f.name === body.feature,
    );
    if (!feature) throw new ValidationError({ feature: ["No such feature in this project."] });
    featureIds = new Set([feature.id]);
  }
  const explanation = explainIdentityFlags({
    doc: snapshot.document,
    identifier: body.identifier,
    identityId: identity?.id ?? null,
    traits,
    identityOverrides: snapshot.identityOverrides.get(body.identifier)?.identity_features ?? [],
  });
  return {
    identifier: body.identifier,
    identity_id: identity?.id ?? null,
    identity_key: explanation.identityKey,
    traits: traits.map((t) => ({ trait_key: t.trait_key, trait_value: t.trait_value, source: t.source })),
    segments: explanation.segments satisfies ExplainedSegment[],
    flags: explanation.flags
      .filter((f) => !featureIds || featureIds.has(f.flag.feature.id))
      .map(serializeFlag),
  };
}
