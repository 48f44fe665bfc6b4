// Traits of a core identity (/environments/{key}/identities/{id}/traits/). Traits are not
// part of the environment document, so trait writes leave the environment revision alone.
import { assertQuota } from "@/lib/limits/quotas";
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { recordTraitChange } from "@/lib/audit/identity-entry";
import { db, type DbOrTx } from "@/lib/db/client";
import { storeTraitValue, type StoredValue } from "@/lib/values";
import { requireIdentity, type Environment } from "./identities";
import type { TTraitCreate, TTraitUpdate } from "./schemas";
import { serializeTrait } from "./serializers";

const COLUMN_BY_TYPE = {
  int: "integer_value",
  unicode: "string_value",
  bool: "boolean_value",
  float: "float_value",
} as const;

/** The stored value a trait body asks for, or undefined when it names none. */
export function traitValueFromInput(input: TTraitUpdate): StoredValue | undefined {
  if (input.trait_value === null) throw ValidationError.field("trait_value", "This field may not be null.");
  if (input.trait_value !== undefined) return storeTraitValue(input.trait_value);
  const type =
    input.value_type ??
    (Object.keys(COLUMN_BY_TYPE) as (keyof typeof COLUMN_BY_TYPE)[]).find(
      (t) => input[COLUMN_BY_TYPE[t]] !== undefined && input[COLUMN_BY_TYPE[t]] !== null,
    );
  if (type === undefined) return undefined;
  const column = COLUMN_BY_TYPE[type];
  const value = input[column];
  if (value === undefined || value === null) throw ValidationError.field(column, "This field is required.");
  if (type === "bool") return { valueType: "bool", value: value ? "true" : "false" };
  return { valueType: type, value: String(value) };
}

export async function assertTraitsPersistable(env: Environment): Promise<void> {
  const organisation = await db.organisation.findFirst({
    where: { projects: { some: { id: env.projectId } } },
    select: { persistTraitData: true },
  });
  if (!organisation?.persistTraitData) {
    throw new BadRequestError("Not possible to persist traits for this organisation.");
  }
}

async function assertKeyFree(tx: DbOrTx, identityId: number, traitKey: string, exceptId?: number) {
  const clash = await tx.trait.findFirst({
    where: { identityId, traitKey, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash)
    throw ValidationError.field("trait_key", "Trait with this key already exists for this identity.");
}

export async function listTraits(
  userId: number,
  request: Request,
  apiKey: string,
  identityId: number,
  query: TPageQuery,
) {
  const { identity } = await requireIdentity(userId, apiKey, identityId);
  const where = { identityId: identity.id };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.trait.count({ where }),
    db.trait.findMany({ where, orderBy: { id: "asc" }, skip: window.skip, take: window.take }),
  ]);
  return buildPage(request, window, count, rows.map(serializeTrait));
}

export async function createTrait(userId: number, apiKey: string, identityId: number, input: TTraitCreate) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  const value = traitValueFromInput(input);
  if (!value) throw ValidationError.field("trait_value", "This field is required.");
  await assertTraitsPersistable(env);
  const trait = await db.$transaction(async (tx) => {
    await assertKeyFree(tx, identity.id, input.trait_key);
    await assertQuota(tx, "traits", identity.id);
    const created = await tx.trait.create({
      data: {
        identityId: identity.id,
        traitKey: input.trait_key,
        valueType: value.valueType,
        value: value.value ?? "",
      },
    });
    await recordTraitChange(tx, identity, null, created);
    return created;
  });
  return serializeTrait(trait);
}

async function requireTrait(userId: number, apiKey: string, identityId: number, traitId: number) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  const trait = await db.trait.findFirst({ where: { id: traitId, identityId: identity.id } });
  if (!trait) throw new NotFoundError();
  return { env, identity, trait };
}

export async function getTrait(userId: number, apiKey: string, identityId: number, traitId: number) {
  return serializeTrait((await requireTrait(userId, apiKey, identityId, traitId)).trait);
}

export async function updateTrait(
  userId: number,
  apiKey: string,
  identityId: number,
  traitId: number,
  input: TTraitUpdate,
) {
  const { env, identity, trait } = await requireTrait(userId, apiKey, identityId, traitId);
  const value = traitValueFromInput(input);
  await assertTraitsPersistable(env);
  const updated = await db.$transaction(async (tx) => {
    if (input.trait_key !== undefined) await assertKeyFree(tx, identity.id, input.trait_key, trait.id);
    const after = await tx.trait.update({
      where: { id: trait.id },
      data: {
        traitKey: input.trait_key,
        ...(value ? { valueType: value.valueType, value: value.value ?? "" } : {}),
      },
    });
    await recordTraitChange(tx, identity, trait, after);
    return after;
  });
  return serializeTrait(updated);
}

/** `deleteAllMatchingTraits` removes the key from every identity of the environment. */
export async function deleteTrait(
  userId: number,
  apiKey: string,
  identityId: number,
  traitId: number,
  options: { allMatching: boolean },
): Promise<void> {
  const { env, identity, trait } = await requireTrait(userId, apiKey, identityId, traitId);
  await db.$transaction(async (tx) => {
    if (options.allMatching) {
      await tx.trait.deleteMany({ where: { traitKey: trait.traitKey, identity: { environmentId: env.id } } });
    } else {
      await tx.trait.delete({ where: { id: trait.id } });
    }
    await recordTraitChange(tx, identity, trait, null);
  });
}
