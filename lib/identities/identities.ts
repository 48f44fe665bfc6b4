// Identities of an environment, addressed by id (Flagsmith's core identities). The same rows
// are the edge identities of edge-identities.ts, addressed by uuid.
import { assertQuota } from "@/lib/limits/quotas";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordIdentityChange } from "@/lib/audit/identity-entry";
import { generateUuid } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
import type { TIdentityCreate, TIdentityListQuery } from "./schemas";
import { countIdentities, findIdentities } from "./identity-query";
import { parseCoreSearch } from "./search";
import { serializeIdentity } from "./serializers";

export type Environment = Awaited<ReturnType<typeof requireEnvironment>>;

/** An identity of an environment the user can see; 404 for anything else. */
export async function requireIdentity(userId: number, apiKey: string, identityId: number) {
  const env = await requireEnvironment(userId, apiKey);
  const identity = await db.identity.findFirst({ where: { id: identityId, environmentId: env.id } });
  if (!identity) throw new NotFoundError();
  return { env, identity };
}

/** Creates an identity; `duplicate` builds the error for an identifier already taken. */
export async function insertIdentity(
  env: Environment,
  input: { identifier: string; dashboardAlias?: string },
  duplicate: (identifier: string) => ValidationError,
) {
  return db.$transaction(async (tx) => {
    await assertQuota(tx, "identities", env.id);
    const clash = await tx.identity.findFirst({
      where: { environmentId: env.id, identifier: input.identifier },
      select: { id: true },
    });
    if (clash) throw duplicate(input.identifier);
    const created = await tx.identity.create({
      data: {
        uuid: generateUuid(),
        identifier: input.identifier,
        environmentId: env.id,
        dashboardAlias: input.dashboardAlias ?? null,
      },
    });
    await recordIdentityChange(tx, null, created);
    return created;
  });
}

/**
 * Deletes an identity with its traits and overrides (cascades). Its overrides were part
 * of the environment document, so the environment's revision moves when it had any.
 */
export async function removeIdentity(env: Environment, identityId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const overrides = await tx.featureState.count({ where: { identityId, environmentId: env.id } });
    await recordIdentityChange(tx, await tx.identity.delete({ where: { id: identityId } }), null);
    if (overrides > 0) await touchEnvironments({ environmentId: env.id }, tx);
  });
}

export async function listIdentities(
  userId: number,
  request: Request,
  apiKey: string,
  query: TIdentityListQuery,
) {
  const env = await requireEnvironment(userId, apiKey);
  const search = parseCoreSearch(query.q);
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    countIdentities(env.id, search),
    findIdentities({ environmentId: env.id, search, skip: window.skip, take: window.take }),
  ]);
  return buildPage(request, window, count, rows.map(serializeIdentity));
}

export function coreDuplicate(identifier: string): ValidationError {
  // Flagsmith raises this outside field validation, so the message is a string, not a list.
  return new ValidationError({
    identifier: `Identity with identifier '${identifier}' already exists in this environment`,
  });
}

export async function createIdentity(userId: number, apiKey: string, input: TIdentityCreate) {
  const env = await requireEnvironment(userId, apiKey);
  return serializeIdentity(await insertIdentity(env, { identifier: input.identifier }, coreDuplicate));
}

export async function getIdentity(userId: number, apiKey: string, identityId: number) {
  return serializeIdentity((await requireIdentity(userId, apiKey, identityId)).identity);
}

export async function updateIdentity(
  userId: number,
  apiKey: string,
  identityId: number,
  input: Partial<TIdentityCreate>,
) {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  if (input.identifier === undefined || input.identifier === identity.identifier) {
    return serializeIdentity(identity);
  }
  const identifier = input.identifier;
  const updated = await db.$transaction(async (tx) => {
    const clash = await tx.identity.findFirst({
      where: { environmentId: env.id, identifier, id: { not: identity.id } },
      select: { id: true },
    });
    if (clash) throw coreDuplicate(identifier);
    const row = await tx.identity.update({ where: { id: identity.id }, data: { identifier } });
    await recordIdentityChange(tx, identity, row);
    // Overrides are keyed by identifier in the environment document.
    const overrides = await tx.featureState.count({ where: { identityId: identity.id } });
    if (overrides > 0) await touchEnvironments({ environmentId: env.id }, tx);
    return row;
  });
  return serializeIdentity(updated);
}

export async function deleteIdentity(userId: number, apiKey: string, identityId: number): Promise<void> {
  const { env, identity } = await requireIdentity(userId, apiKey, identityId);
  await removeIdentity(env, identity.id);
}
