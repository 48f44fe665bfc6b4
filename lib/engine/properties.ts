import { pyFromString, traitToPyValue, type PyValue } from "./python-values";
import type { EngineTrait } from "./types";

/** What a condition can look at: the identity being evaluated and its environment. */
export type ConditionContext = {
  environment: { key: string; name: string };
  identity: {
    identifier: string;
    /** The identity hash key: what PERCENTAGE_SPLIT and multivariate bucketing hash. */
    key: string;
    traits: ReadonlyMap<string, EngineTrait>;
    /** Traits already read as Python values: every condition on a trait reads it. */
    values?: Map<string, PyValue | null>;
  } | null;
};

/** Later traits with the same key win, as when Python builds its traits dict. */
export function indexTraits(traits: EngineTrait[]): Map<string, EngineTrait> {
  const byKey = new Map<string, EngineTrait>();
  for (const trait of traits) byKey.set(trait.trait_key, trait);
  return byKey;
}

const NAME = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*/y;
const QUOTED = /\[\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*\]/y;
const STRING_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

function unescapeQuoted(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_match, escape: string) =>
    escape.length === 5
      ? String.fromCharCode(parseInt(escape.slice(1), 16))
      : (STRING_ESCAPES[escape] ?? escape),
  );
}

/**
 * The member names of a JSONPath made only of name selectors ($.a.b, $['a']["b"]); null for
 * anything else. Wildcards, indexes, filters and descendants are valid JSONPath that Flagsmith's
 * context never needs, and invalid paths fall back to the trait anyway, so both read as "no value".
 */
export function parseJsonPathNames(path: string): string[] | null {
  if (!path.startsWith("$")) return null;
  const names: string[] = [];
  let position = 1;
  while (position < path.length) {
    if (path[position] === "." && path[position + 1] !== ".") {
      NAME.lastIndex = position + 1;
      const match = NAME.exec(path);
      if (!match) return null;
      names.push(match[0]);
      position = NAME.lastIndex;
      continue;
    }
    QUOTED.lastIndex = position;
    const match = QUOTED.exec(path);
    if (!match) return null;
    names.push(unescapeQuoted(match[1] ?? match[2]));
    position = QUOTED.lastIndex;
  }
  return names;
}

function lookupPath(context: ConditionContext, names: string[]): PyValue | null {
  const [root, field, ...rest] = names;
  if (root === "environment" && rest.length === 0) {
    if (field === "key") return pyFromString(context.environment.key);
    if (field === "name") return pyFromString(context.environment.name);
    return null;
  }
  const identity = context.identity;
  if (root !== "identity" || !identity) return null;
  if (rest.length === 0) {
    if (field === "identifier") return pyFromString(identity.identifier);
    if (field === "key") return pyFromString(identity.key);
    return null;
  }
  if (field === "traits" && rest.length === 1) return traitToPyValue(identity.traits.get(rest[0]));
  return null;
}

function traitValue(context: ConditionContext, key: string): PyValue | null {
  const identity = context.identity;
  if (!identity) return null;
  const values = (identity.values ??= new Map());
  let value = values.get(key);
  if (value === undefined) {
    value = traitToPyValue(identity.traits.get(key));
    values.set(key, value);
  }
  return value;
}

/**
 * The value a condition's property_ refers to, normalised as Flagsmith does (numeric-looking
 * strings become numbers, including an identifier such as "42"). A property starting with "$."
 * is a JSONPath into { environment: {key, name}, identity: {identifier, key, traits} }, but a trait
 * literally named like the path wins, and an unknown or invalid path only ever finds that trait.
 */
export function resolveProperty(context: ConditionContext, property: string): PyValue | null {
  const trait = traitValue(context, property);
  if (trait !== null || !property.startsWith("$.")) return trait;
  const names = parseJsonPathNames(property);
  return names ? lookupPath(context, names) : null;
}
