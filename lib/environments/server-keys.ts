// Server-side SDK keys ("ser." + 22 characters) of an environment. Flagsmith shows the full
// key in every answer; Ensign stores only its sha256 (lib/keys.ts), so the
// full key is in the creation answer only, and later answers show its first 8 characters
// with the rest masked by `*` (same field, same length).
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { generateServerKey, hashServerKey, maskServerKey, SERVER_KEY_PREFIX_LENGTH } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
import { recordAudit } from "@/lib/audit/record";
import { touchEnvironments } from "@/lib/db/revision";
import type { TServerKeyCreate, TServerKeyUpdate } from "./schemas";
import type { z } from "zod";
import type { ZServerKey } from "@/lib/environments/responses";

type ServerKeyRow = {
  id: number;
  keyPrefix: string;
  name: string;
  active: boolean;
  createdAt: Date;
  expiresAt: Date | null;
};

export function serializeServerKey(key: ServerKeyRow, fullKey?: string): z.infer<typeof ZServerKey> {
  return {
    id: key.id,
    key: fullKey ?? maskServerKey(key.keyPrefix),
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
  return keys.map((key) => serializeServerKey(key));
}

export async function createServerKey(userId: number, apiKey: string, input: TServerKeyCreate) {
  const env = await requireEnvironment(userId, apiKey);
  const fullKey = generateServerKey();
  const key = await db.$transaction(async (tx) => {
    const created = await tx.environmentApiKey.create({
      data: {
        environmentId: env.id,
        keyHash: hashServerKey(fullKey),
        keyPrefix: fullKey.slice(0, SERVER_KEY_PREFIX_LENGTH),
        name: input.name,
        active: input.active ?? true,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      },
    });
    await recordAudit(tx, keyEntry(env, null, created, `Server-side API key created: ${created.name}`));
    return created;
  });
  return serializeServerKey(key, fullKey);
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

/** Start-up: keys created before hashing are hashed and their plain text cleared. */
export async function hashLegacyServerKeys(): Promise<number> {
  const legacy = await db.environmentApiKey.findMany({
    where: { key: { not: null } },
    select: { id: true, key: true },
  });
  for (const row of legacy) {
    const key = row.key!;
    await db.environmentApiKey.update({
      where: { id: row.id },
      data: { key: null, keyHash: hashServerKey(key), keyPrefix: key.slice(0, SERVER_KEY_PREFIX_LENGTH) },
    });
  }
  return legacy.length;
}

/** The key itself is a secret: the entry names the key, never records it. */
function keyEntry(
  env: { id: number; projectId: number },
  before: ServerKeyRow | null,
  after: ServerKeyRow | null,
  log: string,
) {
  const hide = (row: ServerKeyRow | null) => row && { ...row, key: undefined, keyHash: undefined };
  return {
    type: "SERVER_API_KEY" as const,
    before: hide(before),
    after: hide(after),
    log,
    object: { id: (after ?? before)!.id },
    scope: { environmentId: env.id, projectId: env.projectId },
  };
}
