// Bodies of the legacy trait endpoints: `{"identity": {"identifier"}, "trait_key", "trait_value"}`,
// alone (POST /traits/, null refused) or in a list (PUT /traits/bulk/, null deletes).
import { isJsonFloat } from "@/lib/api/json-body";
import {
  IDENTIFIER_MAX_LENGTH,
  parseString,
  parseTraitValue,
  TRAIT_KEY_MAX_LENGTH,
  typeName,
  type Errors,
  type IncomingTrait,
  type Parsed,
} from "./parse";

export type TraitWrite = { identifier: string; trait: IncomingTrait };

const notADict = (raw: unknown) => ({
  non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`],
});

function parseIdentity(raw: unknown): Parsed<string> {
  if (raw === undefined) return { ok: false, errors: ["This field is required."] };
  if (raw === null) return { ok: false, errors: ["This field may not be null."] };
  if (typeof raw !== "object" || Array.isArray(raw)) return { ok: false, errors: notADict(raw) };
  const identifier = parseString((raw as Record<string, unknown>).identifier, {
    allowBlank: false,
    allowNull: false,
    maxLength: IDENTIFIER_MAX_LENGTH,
  });
  if (!identifier.ok) return { ok: false, errors: { identifier: identifier.errors } };
  return { ok: true, value: identifier.value! };
}

export function parseTraitWrite(raw: unknown, { allowNull }: { allowNull: boolean }): Parsed<TraitWrite> {
  if (raw === null || raw === undefined || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, errors: notADict(raw ?? {}) };
  }
  const body = raw as Record<string, unknown>;
  const errors: Errors = {};
  const identity = parseIdentity(body.identity);
  if (!identity.ok) errors.identity = identity.errors;
  const key = parseString(body.trait_key, {
    allowBlank: false,
    allowNull: false,
    maxLength: TRAIT_KEY_MAX_LENGTH,
  });
  if (!key.ok) errors.trait_key = key.errors;
  const value =
    "trait_value" in body ? parseTraitValue(body.trait_value, isJsonFloat(body, "trait_value")) : null;
  if (!value) errors.trait_value = ["This field is required."];
  else if (!value.ok) errors.trait_value = value.errors;
  else if (value.value.value === null && !allowNull) errors.trait_value = ["This field may not be null."];
  if (Object.keys(errors).length || !identity.ok || !key.ok || !value?.ok) return { ok: false, errors };
  return {
    ok: true,
    value: { identifier: identity.value, trait: { key: key.value!, ...value.value, transient: false } },
  };
}

export function parseTraitWrites(raw: unknown): Parsed<TraitWrite[]> {
  if (!Array.isArray(raw)) {
    return {
      ok: false,
      errors: { non_field_errors: [`Expected a list of items but got type "${typeName(raw ?? {})}".`] },
    };
  }
  const results = raw.map((item) => parseTraitWrite(item, { allowNull: true }));
  if (results.every((r) => r.ok))
    return { ok: true, value: results.map((r) => (r as { value: TraitWrite }).value) };
  return { ok: false, errors: results.map((r) => (r.ok ? {} : r.errors)) as unknown as string[] };
}
