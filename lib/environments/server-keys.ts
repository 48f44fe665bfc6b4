// Server-side SDK keys ("ser." + 22 characters) of an environment. The full key is shown
// in every answer, as Flagsmith does; the dashboard shows it once and masks it after.
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { generateServerKey } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
import { recordAudit } from "@/lib/audit/record";
import { touchEnvironments } from "./revision";
import type { TServerKeyCreate, TServerKeyUpdate } from "./schemas";

type ServerKeyRow = {
  id: number;
  key: string;
  name: string;
  active: boolean;
  createdAt: Date;
  expiresAt: Date | null;
};

export function serializeServerKey(key: ServerKeyRow) {
  return {
    id: key.id,
    key: key.key,
    active: key.active,
    created_at: key.createdAt.toISOString(),
    name: key.name,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}

export async function listServerKeys(userId: number, apiKey: string) {
  const env = await requireEnvironment(userId, apiKey);
  const keys = await db.environmentApiKey.findMany({
    where: { environmentId: env.id },
    orderBy: { id: "asc" },
  });
  return keys.map(serializeServerKey);
}

export async function createServerKey(userId: number, apiKey: string, input: TServerKeyCreate) {
  const env = await requireEnvironment(userId, apiKey);
  const key = await db.$transaction(async (tx) => {
    const created = await tx.environmentApiKey.create({
      data: {
        environmentId: env.id,
        key: generateServerKey(),
        name: input.name,
        active: input.active ?? true,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      },
    });
    await recordAudit(tx, keyEntry(env, null, created, `Server-side API key created: ${created.name}`));
    return created;
  });
  return serializeServerKey(key);
}

async function requireServerKey(userId: number, apiKey: string, keyId: number) {
  const env = await requireEnvironment(userId, apiKey);
  const key = await db.environmentApiKey.findFirst({ where: { id: keyId, environmentId: env.id } });
  if (!key) throw new NotFoundError();
  return { env, key };
}

export async function getServerKey(userId: number, apiKey: string, keyId: number) {
  return serializeServerKey((await requireServerKey(userId, apiKey, keyId)).key);
}

export async function updateServerKey(
  userId: number,
  apiKey: string,
  keyId: number,
  input: TServerKeyUpdate,
) {
  const { env, key: before } = await requireServerKey(userId, apiKey, keyId);
  const key = await db.$transaction(async (tx) => {
    const updated = await tx.environmentApiKey.update({
      where: { id: keyId },
      data: {
        name: input.name,
        active: input.active,
        expiresAt:
          input.expires_at === undefined ? undefined : input.expires_at ? new Date(input.expires_at) : null,
      },
    });
    await recordAudit(tx, keyEntry(env, before, updated, `Server-side API key updated: ${updated.name}`));
    return updated;
  });
  await touchEnvironments({ environmentId: env.id });
  return serializeServerKey(key);
}

export async function revokeServerKey(userId: number, apiKey: string, keyId: number) {
  const { env, key } = await requireServerKey(userId, apiKey, keyId);
  await db.$transaction(async (tx) => {
    await tx.environmentApiKey.delete({ where: { id: keyId } });
    await recordAudit(tx, keyEntry(env, key, null, `Server-side API key revoked: ${key.name}`));
  });
  await touchEnvironments({ environmentId: env.id });
}

/** The key itself is a secret: the entry names the key, never records it. */
function keyEntry(
  env: { id: number; projectId: number },
  before: ServerKeyRow | null,
  after: ServerKeyRow | null,
  log: string,
) {
  const hide = (row: ServerKeyRow | null) => row && { ...row, key: undefined };
  return {
    type: "SERVER_API_KEY" as const,
    before: hide(before),
    after: hide(after),
    log,
    object: { id: (after ?? before)!.id },
    scope: { environmentId: env.id, projectId: env.projectId },
  };
}
