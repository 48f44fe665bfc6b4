// The OFREP request body: `{"context": {"targetingKey": "...", <attribute>: <value>, ...}}`.
// targetingKey is the identity's identifier; every other attribute is a transient trait
// (never stored). Strings, numbers and booleans are traits as they are; a null removes the
// attribute; nested objects and lists cannot be traits and are refused.
import { hasNullCharacter } from "@/lib/api/null-characters";
import type { EngineTrait } from "@/lib/engine";
import { IDENTIFIER_MAX_LENGTH, TRAIT_KEY_MAX_LENGTH, TRAIT_VALUE_MAX_LENGTH } from "../identities/parse";

export type OfrepErrorCode =
  "PARSE_ERROR" | "INVALID_CONTEXT" | "FLAG_NOT_FOUND" | "TARGETING_KEY_MISSING" | "GENERAL";

export type OfrepContext = { targetingKey: string | null; traits: EngineTrait[] };

export type ParsedContext =
  { ok: true; context: OfrepContext } | { ok: false; code: OfrepErrorCode; details: string };

const invalid = (details: string): ParsedContext => ({ ok: false, code: "INVALID_CONTEXT", details });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function toTrait(key: string, value: unknown): EngineTrait | string | null {
  if (value === null || value === undefined) return null;
  if (key.length > TRAIT_KEY_MAX_LENGTH)
    return `Attribute name "${key.slice(0, 40)}…" is longer than ${TRAIT_KEY_MAX_LENGTH} characters.`;
  if (hasNullCharacter(key)) return "Attribute names may not contain NUL characters.";
  if (typeof value === "boolean") return { trait_key: key, trait_value: value, value_type: "bool" };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return `Attribute "${key}" is not a finite number.`;
    return { trait_key: key, trait_value: value, value_type: Number.isInteger(value) ? "int" : "float" };
  }
  if (typeof value === "string") {
    if (value.length > TRAIT_VALUE_MAX_LENGTH)
      return `Attribute "${key}" is longer than ${TRAIT_VALUE_MAX_LENGTH} characters.`;
    return { trait_key: key, trait_value: value, value_type: "unicode" };
  }
  return `Attribute "${key}" must be a string, a number or a boolean.`;
}

/** Parses the request body text; an empty body is an empty context. */
export function parseOfrepBody(text: string): ParsedContext {
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch (error) {
      return { ok: false, code: "PARSE_ERROR", details: `Malformed JSON: ${(error as Error).message}` };
    }
  }
  if (!isObject(body)) return { ok: false, code: "PARSE_ERROR", details: "The body must be a JSON object." };
  const raw = body.context ?? {};
  if (!isObject(raw)) return invalid("context must be an object.");
  const { targetingKey, ...attributes } = raw;
  if (targetingKey !== undefined && targetingKey !== null && typeof targetingKey !== "string")
    return invalid("targetingKey must be a string.");
  if (typeof targetingKey === "string") {
    if (targetingKey.length > IDENTIFIER_MAX_LENGTH)
      return invalid(`targetingKey is longer than ${IDENTIFIER_MAX_LENGTH} characters.`);
    if (hasNullCharacter(targetingKey)) return invalid("targetingKey may not contain NUL characters.");
  }
  const traits: EngineTrait[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    const trait = toTrait(key, value);
    if (typeof trait === "string") return invalid(trait);
    if (trait) traits.push(trait);
  }
  return { ok: true, context: { targetingKey: targetingKey || null, traits } };
}
