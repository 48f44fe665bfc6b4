// Validation of the POST /api/v1/identities/ body as Flagsmith's serializers do it
// (IdentifyWithTraitsSerializer, TraitValueField), with DRF's exact error shapes: per-item
// error objects in a list, `{}` for the items that were fine.
import { DRF_FALSE_STRINGS, DRF_TRUE_STRINGS } from "@/lib/api/drf-booleans";
import { isJsonFloat } from "@/lib/api/json-body";
import { hasNullCharacter, NULL_CHARACTERS } from "@/lib/api/null-characters";
import type { TraitValueType } from "@/lib/engine";
import { storeTraitValue } from "@/lib/values";

export const TRAIT_VALUE_MAX_LENGTH = 2000;
export const IDENTIFIER_MAX_LENGTH = 2000;
export const TRAIT_KEY_MAX_LENGTH = 200;
export const TRAIT_TOO_LONG = `Value string is too long. Must be less than ${TRAIT_VALUE_MAX_LENGTH} character`;

export type IncomingTrait = {
  key: string;
  /** null deletes the stored trait. */
  value: string | number | boolean | null;
  valueType: TraitValueType | null;
  transient: boolean;
};

export type IdentifyInput = { identifier: string | null; traits: IncomingTrait[]; transient: boolean };

export type Errors = Record<string, unknown>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Errors | string[] };

const TRUE_VALUES = new Set<unknown>([...DRF_TRUE_STRINGS, 1, true]);
const FALSE_VALUES = new Set<unknown>([...DRF_FALSE_STRINGS, 0, false]);

/** Python's name for a decoded JSON value's type, as DRF's messages print it. */
export function typeName(v: unknown): string {
  if (v === null) return "NoneType";
  if (Array.isArray(v)) return "list";
  if (typeof v === "string") return "str";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  return "dict";
}

function parseBoolean(raw: unknown): Parsed<boolean> {
  if (raw === undefined) return { ok: true, value: false };
  if (TRUE_VALUES.has(raw)) return { ok: true, value: true };
  if (FALSE_VALUES.has(raw)) return { ok: true, value: false };
  return { ok: false, errors: [raw === null ? "This field may not be null." : "Must be a valid boolean."] };
}

/** DRF CharField: numbers become their text, whitespace is trimmed; booleans, objects and lists are refused. */
export function parseString(
  raw: unknown,
  { allowBlank, allowNull, maxLength }: { allowBlank: boolean; allowNull: boolean; maxLength: number },
): Parsed<string | null> {
  if (raw === null || raw === undefined) {
    if (allowNull) return { ok: true, value: null };
    return { ok: false, errors: [raw === null ? "This field may not be null." : "This field is required."] };
  }
  if (typeof raw !== "string" && typeof raw !== "number")
    return { ok: false, errors: ["Not a valid string."] };
  const value = (typeof raw === "number" ? String(raw) : raw).trim();
  if (hasNullCharacter(value)) return { ok: false, errors: [NULL_CHARACTERS] };
  if (!allowBlank && value === "") return { ok: false, errors: ["This field may not be blank."] };
  if (value.length > maxLength) {
    return { ok: false, errors: [`Ensure this field has no more than ${maxLength} characters.`] };
  }
  return { ok: true, value };
}

const codePoints = (s: string) => (s.length <= TRAIT_VALUE_MAX_LENGTH ? s.length : Array.from(s).length);

/** isFloat: the JSON text wrote the number with a fraction or exponent (lib/api/json-body). */
export function parseTraitValue(
  raw: unknown,
  isFloat = false,
): Parsed<{ value: IncomingTrait["value"]; valueType: TraitValueType | null }> {
  if (raw === null || raw === undefined) return { ok: true, value: { value: null, valueType: null } };
  // Anything that is not a JSON scalar is kept as text, as Flagsmith keeps str(value).
  const scalar = typeof raw === "object" ? JSON.stringify(raw) : (raw as string | number | boolean);
  if (typeof scalar === "string" && codePoints(scalar) > TRAIT_VALUE_MAX_LENGTH) {
    return { ok: false, errors: [TRAIT_TOO_LONG] };
  }
  if (typeof scalar === "string" && hasNullCharacter(scalar)) return { ok: false, errors: [NULL_CHARACTERS] };
  const stored = storeTraitValue(scalar, { isFloat });
  return { ok: true, value: { value: scalar, valueType: stored.valueType as TraitValueType } };
}

function parseTrait(raw: unknown): Parsed<IncomingTrait> {
  if (raw === null) return { ok: false, errors: ["This field may not be null."] };
  if (typeof raw !== "object" || Array.isArray(raw)) {
    return {
      ok: false,
      errors: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`] },
    };
  }
  const item = raw as Record<string, unknown>;
  const errors: Errors = {};
  const key = parseString(item.trait_key, {
    allowBlank: false,
    allowNull: false,
    maxLength: TRAIT_KEY_MAX_LENGTH,
  });
  if (!key.ok) errors.trait_key = key.errors;
  const value =
    "trait_value" in item ? parseTraitValue(item.trait_value, isJsonFloat(item, "trait_value")) : null;
  if (!value) errors.trait_value = ["This field is required."];
  else if (!value.ok) errors.trait_value = value.errors;
  const transient = parseBoolean(item.transient);
  if (!transient.ok) errors.transient = transient.errors;
  if (!key.ok || !value?.ok || !transient.ok) return { ok: false, errors };
  return { ok: true, value: { key: key.value!, ...value.value, transient: transient.value } };
}

function parseTraits(raw: unknown): Parsed<IncomingTrait[]> {
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  if (!Array.isArray(raw))
    return { ok: false, errors: [`Expected a list of items but got type "${typeName(raw)}".`] };
  const results = raw.map(parseTrait);
  if (results.every((r) => r.ok))
    return { ok: true, value: results.map((r) => (r as { value: IncomingTrait }).value) };
  return { ok: false, errors: results.map((r) => (r.ok ? {} : r.errors)) as unknown as string[] };
}

/**
 * The body (already JSON-decoded; undefined when empty) plus the optional `?identifier=`.
 * Both identifiers may be given only if they agree.
 */
export function parseIdentifyBody(body: unknown, queryIdentifier: string | null): Parsed<IdentifyInput> {
  const data = body === undefined ? {} : body;
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return {
      ok: false,
      errors: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(data)}.`] },
    };
  }
  const fields = data as Record<string, unknown>;
  const errors: Errors = {};
  const identifier = parseString(fields.identifier, {
    allowBlank: true,
    allowNull: true,
    maxLength: IDENTIFIER_MAX_LENGTH,
  });
  if (!identifier.ok) errors.identifier = identifier.errors;
  const traits = parseTraits(fields.traits);
  if (!traits.ok) errors.traits = traits.errors;
  const transient = parseBoolean(fields.transient);
  if (!transient.ok) errors.transient = transient.errors;
  if (!identifier.ok || !traits.ok || !transient.ok) return { ok: false, errors };

  const fromBody = identifier.value || null;
  const fromQuery = queryIdentifier || null;
  if (fromBody && fromQuery && fromBody !== fromQuery) {
    return {
      ok: false,
      errors: {
        identifier: [
          "The identifier in the query string and the one in the body differ; send one, or the same in both.",
        ],
      },
    };
  }
  return {
    ok: true,
    value: { identifier: fromBody ?? fromQuery, traits: traits.value, transient: transient.value },
  };
}
