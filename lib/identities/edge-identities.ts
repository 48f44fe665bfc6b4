// Edge identities: the same identities as identities.ts, addressed by uuid, listed with
// DynamoDB-style key paging, with their traits read and written as {trait_key, trait_value}.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { storeTraitValue } from "@/lib/values";
import { decodeLastEvaluatedKey, edgePageSize, encodeLastEvaluatedKey } from "./edge-paging";
import { insertIdentity, removeIdentity } from "./identities";
import { recordIdentityChange, recordTraitChange } from "@/lib/audit/identity-entry";
import { findIdentities } from "./identity-query";
import type {
  TEdgeIdentityCreate,
  TEdgeIdentityListQuery,
  TEdgeIdentityUpdate,
  TEdgeTraitUpdate,
} from "./schemas";
import { parseEdgeSearch } from "./search";
import { serializeEdgeIdentity, serializeEdgeTrait } from "./serializers";
import { assertTraitsPersistable } from "./traits";

/** An identity, by uuid, of an environment the user can see; 404 for anything else. */
export async function requireEdgeIdentity(userId: number, apiKey: string, identityUuid: string) {
  const env = await requireEnvironment(userId, apiKey);
  const identity = await db.identity.findFirst({ where: { uuid: identityUuid, environmentId: env.id } });
  if (!identity) throw new NotFoundError();
  return { env, identity };
}

export async function listEdgeIdentities(userId: number, apiKey: string, query: TEdgeIdentityListQuery) {
  const env = await requireEnvironment(userId, apiKey);
  const afterId = decodeLastEvaluatedKey(query.last_evaluated_key);
  const size = edgePageSize(query.page_size);
  // One row more than the page tells whether another page follows.
  const rows = await findIdentities({
    environmentId: env.id,
    search: parseEdgeSearch(query.q),
    afterId,
    take: size + 1,
  });
  const page = rows.slice(0, size);
  return {
    results: page.map(serializeEdgeIdentity),
    last_evaluated_key: rows.length > size ? encodeLastEvaluatedKey(page[page.length - 1].id) : null,
  };
}

export async function createEdgeIdentity(userId: number, apiKey: string, input: TEdgeIdentityCreate) {
  const env = await requireEnvironment(userId, apiKey);
  const identity = await insertIdentity(
    env,
    { identifier: input.identifier, dashboardAlias: input.dashboard_alias },
    (identifier) => new ValidationError([`Identity with identifier: ${identifier} already exists`]),
  );
  return serializeEdgeIdentity(identity);
}

export async function getEdgeIdentity(userId: number, apiKey: string, identityUuid: string) {
  return serializeEdgeIdentity((await requireEdgeIdentity(userId, apiKey, identityUuid)).identity);
}

export async function updateEdgeIdentity(
  userId: number,
  apiKey: string,
  identityUuid: string,
  input: TEdgeIdentityUpdate,
) {
  const { identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  if (input.dashboard_alias === undefined) return serializeEdgeIdentity(identity);
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.identity.update({
      where: { id: identity.id },
      data: { dashboardAlias: input.dashboard_alias },
    });
    await recordIdentityChange(tx, identity, row);
    return row;
  });
  return serializeEdgeIdentity(updated);
}

export async function deleteEdgeIdentity(
  userId: number,
  apiKey: string,
  identityUuid: string,
): Promise<void> {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  await removeIdentity(env, identity.id);
}

export async function listEdgeTraits(userId: number, apiKey: string, identityUuid: string) {
  const { identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  const traits = await db.trait.findMany({ where: { identityId: identity.id }, orderBy: { id: "asc" } });
  return traits.map(serializeEdgeTrait);
}

/** Sets one trait; a null value deletes it. Answers the trait as sent. */
export async function updateEdgeTraits(
  userId: number,
  apiKey: string,
  identityUuid: string,
  input: TEdgeTraitUpdate,
) {
  const { env, identity } = await requireEdgeIdentity(userId, apiKey, identityUuid);
  await assertTraitsPersistable(env);
  const key = { identityId_traitKey: { identityId: identity.id, traitKey: input.trait_key } };
  const value = input.trait_value ?? null;
  await db.$transaction(async (tx) => {
    const before = await tx.trait.findUnique({ where: key });
    if (value === null) {
      await tx.trait.deleteMany({ where: key.identityId_traitKey });
      if (before) await recordTraitChange(tx, identity, before, null);
      return;
    }
    const stored = storeTraitValue(value);
    const data = { valueType: stored.valueType, value: stored.value ?? "" };
    const after = await tx.trait.upsert({
      where: key,
      create: { ...key.identityId_traitKey, ...data },
      update: data,
    });
    await recordTraitChange(tx, identity, before, after);
  });
  if (value === null) return { trait_key: input.trait_key, trait_value: null };
  return { trait_key: input.trait_key, trait_value: input.trait_value };
}
