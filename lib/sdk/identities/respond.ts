// Evaluates an identity against the snapshot and writes the identities answer:
// `{"identifier", "traits": [{id, trait_key, trait_value, transient}], "flags": [... + variant]}`.
// Environment data comes only from the snapshot; traits are whatever the caller merged.
import {
  chooseMultivariateValue,
  evaluateIdentityFlags,
  getIdentityHashKey,
  getIdentitySegments,
  isRememberedList,
  rememberedCount,
  segmentWinners,
  variantOf,
  visitIdentityStates,
  type EngineFeature,
  type EngineFeatureState,
  type EngineMultivariateValue,
  type EngineTrait,
  type ResolvedFlag,
  type TraitValueType,
} from "@/lib/engine";
import { readValue, traitValueJson } from "@/lib/values";
import { serializeFlag } from "../flag-json";
import { FEATURE_NOT_FOUND } from "../flags";
import { detail, jsonText, type SdkResponse } from "../http";
import type { SdkSnapshot } from "../snapshot";
import { createCompiledFlagsCache, type CompiledFlags } from "./compiled-flags";
import type { IncomingTrait } from "./parse";
import type { StoredTrait } from "./store";

export type ResponseTrait = {
  id: number | null;
  key: string;
  value: string | number | boolean;
  valueType: TraitValueType;
  transient: boolean;
};

export function fromStored(traits: StoredTrait[]): ResponseTrait[] {
  return traits.map((t) => ({
    id: t.id,
    key: t.traitKey,
    value: readValue(t) as string | number | boolean,
    valueType: t.valueType as TraitValueType,
    transient: false,
  }));
}

/** Overlays traits that were not stored onto the stored ones; a null value removes the key. */
export function overlayTraits(base: ResponseTrait[], overlay: IncomingTrait[]): ResponseTrait[] {
  if (overlay.length === 0) return base;
  const merged = [...base];
  for (const trait of overlay) {
    const index = merged.findIndex((t) => t.key === trait.key);
    if (trait.value === null) {
      if (index >= 0) merged.splice(index, 1);
      continue;
    }
    const next: ResponseTrait = {
      id: null,
      key: trait.key,
      value: trait.value,
      valueType: trait.valueType ?? "unicode",
      transient: trait.transient,
    };
    if (index >= 0) merged[index] = next;
    else merged.push(next);
  }
  return merged;
}

export type IdentityEvaluation = {
  snapshot: SdkSnapshot;
  isServerKey: boolean;
  identifier: string;
  identityId: number | null;
  traits: ResponseTrait[];
};

function engineInput(input: IdentityEvaluation) {
  const { snapshot, identifier } = input;
  const traits: EngineTrait[] = input.traits.map((t) => ({
    trait_key: t.key,
    trait_value: t.value,
    value_type: t.valueType,
  }));
  return {
    doc: snapshot.document,
    identifier,
    identityId: input.identityId,
    traits,
    identityOverrides: snapshot.identityOverrides.get(identifier)?.identity_features ?? [],
  };
}

function isVisible(
  snapshot: SdkSnapshot,
  isServerKey: boolean,
  featureId: number,
  enabled: boolean,
): boolean {
  const feature = snapshot.features.get(featureId);
  if (!feature) return false;
  if (!isServerKey && feature.isServerKeyOnly) return false;
  return !snapshot.hideDisabledFlags || enabled;
}

function evaluate(input: IdentityEvaluation): ResolvedFlag[] {
  return evaluateIdentityFlags(engineInput(input)).filter((flag) =>
    isVisible(input.snapshot, input.isServerKey, flag.feature.id, flag.enabled),
  );
}

// A flag object depends only on the winning state and the multivariate value chosen from it
// (not the variant name: options without a key all report null), and both come from the
// immutable snapshot, so each is serialised once and reused by every identity: an identity's
// answer is these precomputed fragments joined, with no object built per flag.
const flagJsonCache = new WeakMap<EngineFeatureState, Map<EngineMultivariateValue | null, string>>();

function flagJson(
  snapshot: SdkSnapshot,
  feature: EngineFeature,
  state: EngineFeatureState,
  chosen: EngineMultivariateValue | null,
): string {
  let byValue = flagJsonCache.get(state);
  if (!byValue) {
    byValue = new Map();
    flagJsonCache.set(state, byValue);
  }
  let json = byValue.get(chosen);
  if (json === undefined) {
    json = serializeResolvedFlag(snapshot, feature, state, chosen);
    byValue.set(chosen, json);
  }
  return json;
}

function serializeResolvedFlag(
  snapshot: SdkSnapshot,
  feature: EngineFeature,
  state: EngineFeatureState,
  chosen: EngineMultivariateValue | null,
): string {
  const stateId = state.django_id ?? 0;
  const refs = snapshot.stateRefs.get(stateId);
  return serializeFlag({
    stateId,
    featureJson: snapshot.features.get(feature.id)!.json,
    value: chosen ? chosen.multivariate_feature_option.value : state.feature_state_value,
    environmentId: snapshot.environmentId,
    identityId: refs?.identityId ?? null,
    featureSegmentId: refs?.featureSegmentId ?? null,
    enabled: state.enabled,
    hideSensitiveData: snapshot.hideSensitiveData,
    variant: variantOf(feature, chosen),
  });
}

// By hand rather than JSON.stringify so that a float trait keeps its fraction (2.0), as Python
// writes it and as the SDK sent it.
function traitsJson(input: IdentityEvaluation): string {
  if (input.snapshot.hideSensitiveData) return "[]";
  const items = input.traits.map(
    (t) =>
      `{"id":${JSON.stringify(t.id)},"trait_key":${JSON.stringify(t.key)},"trait_value":${traitValueJson(t.value, t.valueType)},"transient":${t.transient}}`,
  );
  return `[${items.join(",")}]`;
}

// The same fragments already encoded: an answer is then one copy of bytes into one buffer,
// where a joined string had to be flattened (copied) and then encoded again for the socket.
const flagBytesCache = new WeakMap<EngineFeatureState, Map<EngineMultivariateValue | null, Buffer>>();

function flagBytes(
  snapshot: SdkSnapshot,
  feature: EngineFeature,
  state: EngineFeatureState,
  chosen: EngineMultivariateValue | null,
): Buffer {
  let byValue = flagBytesCache.get(state);
  if (!byValue) {
    byValue = new Map();
    flagBytesCache.set(state, byValue);
  }
  let bytes = byValue.get(chosen);
  if (bytes === undefined) {
    bytes = Buffer.from(flagJson(snapshot, feature, state, chosen));
    byValue.set(chosen, bytes);
  }
  return bytes;
}

const COMMA = Buffer.from(",");
const END = Buffer.from("]}");

// An identity's flags array, compiled for one shared list of segment winners (engine
// segmentWinners) and one kind of key: each run of flags that are the same for every identity
// with those winners is one buffer, commas included; a multivariate flag, bucketed per identity,
// stays a slot. An answer is then a few buffers and slots, not a lookup and a copy per flag.
// One cache per process, shared by the fast lane and Next's route bundle (see lib/sdk/cache.ts).
const compiledFlags = ((globalThis as Record<symbol, ReturnType<typeof createCompiledFlagsCache>>)[
  Symbol.for("ensign.sdk.compiledFlags")
] ??= createCompiledFlagsCache());

function compileFlags(
  snapshot: SdkSnapshot,
  isServerKey: boolean,
  winners: readonly EngineFeatureState[],
): CompiledFlags {
  const compiled: CompiledFlags = [];
  let run: Buffer[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    compiled.push(Buffer.concat(run.flatMap((bytes, i) => (i === 0 ? [bytes] : [COMMA, bytes]))));
    run = [];
  };
  snapshot.document.feature_states.forEach((defaultState, i) => {
    const feature = defaultState.feature;
    const state = winners[i];
    if (!isVisible(snapshot, isServerKey, feature.id, state.enabled)) return;
    if (state.multivariate_feature_state_values?.length) {
      endRun();
      compiled.push({ feature, state });
    } else {
      run.push(flagBytes(snapshot, feature, state, null));
    }
  });
  endRun();
  return compiled;
}

/** What the identity answers keep between calls (GET /health/metrics/). */
export function identityAnswerMemory() {
  return {
    remembered_segment_answers: rememberedCount(),
    compiled_flags: { entries: compiledFlags.size(), bytes: compiledFlags.bytes() },
  };
}

/** The compiled flags for shared segment winners (see above), compiled on first use. */
function compiledFlagsFor(
  snapshot: SdkSnapshot,
  isServerKey: boolean,
  winners: readonly EngineFeatureState[],
): CompiledFlags {
  return compiledFlags.get(winners, isServerKey ? "server" : "client", () =>
    compileFlags(snapshot, isServerKey, winners),
  );
}

/** The full answer: identifier, traits and every visible flag. */
export function respondWithIdentity(input: IdentityEvaluation): SdkResponse {
  const { snapshot } = input;
  const parts: Buffer[] = [
    Buffer.from(`{"identifier":${JSON.stringify(input.identifier)},"traits":${traitsJson(input)},"flags":[`),
  ];
  const engine = engineInput(input);
  const { doc, identifier, traits } = engine;
  const identityKey = getIdentityHashKey({ doc, identifier, identityId: input.identityId });
  const matchedSegments = getIdentitySegments({ doc, identifier, identityKey, traits });
  // Shared segment winners and no identity overrides (the usual call): the compiled flags.
  if (isRememberedList(matchedSegments) && engine.identityOverrides.length === 0) {
    const compiled = compiledFlagsFor(snapshot, input.isServerKey, segmentWinners(doc, matchedSegments));
    compiled.forEach((part, i) => {
      if (i > 0) parts.push(COMMA);
      if (Buffer.isBuffer(part)) return void parts.push(part);
      const chosen = chooseMultivariateValue(part.state, identityKey);
      parts.push(flagBytes(snapshot, part.feature, part.state, chosen));
    });
  } else {
    let first = true;
    visitIdentityStates({ ...engine, matchedSegments }, (feature, state, chosen) => {
      if (!isVisible(snapshot, input.isServerKey, feature.id, state.enabled)) return;
      if (!first) parts.push(COMMA);
      first = false;
      parts.push(flagBytes(snapshot, feature, state, chosen));
    });
  }
  parts.push(END);
  return jsonText(200, Buffer.concat(parts), snapshot);
}

/** GET …?feature=<name>: one flag object (exact name), or 404. */
export function respondWithIdentityFeature(input: IdentityEvaluation, featureName: string): SdkResponse {
  const flag = evaluate(input).find((f) => f.feature.name === featureName);
  if (!flag) return detail(404, FEATURE_NOT_FOUND, input.snapshot);
  return jsonText(
    200,
    flagJson(input.snapshot, flag.feature, flag.state, flag.multivariateValue),
    input.snapshot,
  );
}
