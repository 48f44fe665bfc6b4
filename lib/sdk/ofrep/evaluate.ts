// OFREP answers from a snapshot: the same engine call as the SDK identities endpoint, mapped
// onto OpenFeature's single value per flag and its reasons.
// - Value: a flag without a value (null or "") is a boolean flag and answers `enabled`; any
//   other flag answers its value, and a string holding a JSON object or list answers that
//   object (OpenFeature's object flags).
// - Reason: DISABLED when the resolved flag is off; otherwise SPLIT when a multivariate
//   variant was chosen by bucket, TARGETING_MATCH for an identity or segment override,
//   DEFAULT for the environment default of an evaluated identity, STATIC when the context was
//   empty (nothing to evaluate against).
import {
  evaluateEnvironmentFlags,
  evaluateIdentityFlags,
  generateTransientIdentifier,
  type ResolvedFlag,
} from "@/lib/engine";
import type { SdkSnapshot } from "../snapshot";
import type { OfrepContext } from "./context";

export type OfrepReason = "STATIC" | "TARGETING_MATCH" | "SPLIT" | "DISABLED" | "DEFAULT";
export type OfrepValue = string | number | boolean | Record<string, unknown> | unknown[];

export type OfrepFlag = {
  key: string;
  value: OfrepValue;
  reason: OfrepReason;
  variant?: string;
  metadata: { enabled: boolean; segment?: string };
};

/** The visible flags of a snapshot for a context, as the engine resolves them. */
export function resolveForContext(snapshot: SdkSnapshot, isServerKey: boolean, context: OfrepContext) {
  const identifier = context.targetingKey ?? generateTransientIdentifier(context.traits);
  const flags =
    identifier === null
      ? evaluateEnvironmentFlags(snapshot.document)
      : evaluateIdentityFlags({
          doc: snapshot.document,
          identifier,
          identityId: null,
          traits: context.traits,
          identityOverrides: snapshot.identityOverrides.get(identifier)?.identity_features ?? [],
        });
  const visible = flags.filter((flag) => {
    const feature = snapshot.features.get(flag.feature.id);
    if (!feature || (!isServerKey && feature.isServerKeyOnly)) return false;
    return !snapshot.hideDisabledFlags || flag.enabled;
  });
  return { evaluated: identifier !== null, flags: visible };
}

function valueOf(flag: ResolvedFlag): OfrepValue {
  const value = flag.value;
  if (value === null || value === "") return flag.enabled;
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value) as OfrepValue;
    } catch {
      return value;
    }
  }
  return value;
}

function reasonOf(flag: ResolvedFlag, evaluated: boolean): OfrepReason {
  if (!flag.enabled) return "DISABLED";
  if (!evaluated) return "STATIC";
  if (flag.reason.startsWith("SPLIT")) return "SPLIT";
  if (flag.overriddenBy) return "TARGETING_MATCH";
  return "DEFAULT";
}

export function toOfrepFlag(flag: ResolvedFlag, evaluated: boolean): OfrepFlag {
  const out: OfrepFlag = {
    key: flag.feature.name,
    value: valueOf(flag),
    reason: reasonOf(flag, evaluated),
    metadata: { enabled: flag.enabled },
  };
  // Options without a key have no variant name in Flagsmith's answers; OFREP names them by value.
  if (flag.feature.type === "MULTIVARIATE") out.variant = flag.variant ?? String(flag.value);
  if (flag.segment) out.metadata.segment = flag.segment.name;
  return out;
}
