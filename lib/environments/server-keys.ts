// Server-side SDK keys ("ser." + 22 characters) of an environment. The full key is shown
// in every answer, as Flagsmith does; the dashboard shows it once and masks it after.
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { generateServerKey } from "@/lib/keys";
import { requireEnvironment } from "@/lib/organisations/access";
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
  const key = await db.environmentApiKey.create({
    data: {
      environmentId: env.id,
      key: generateServerKey(),
      name: input.name,
      active: input.active ?? true,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    },
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
  const { env } = await requireServerKey(userId, apiKey, keyId);
  const key = await db.environmentApiKey.update({
    where: { id: keyId },
    data: {
      name: input.name,
      active: input.active,
      expiresAt:
        input.expires_at === undefined ? undefined : input.expires_at ? new Date(input.expires_at) : null,
    },
  });
  await touchEnvironments({ environmentId: env.id });
  return serializeServerKey(key);
}

export async function revokeServerKey(userId: number, apiKey: string, keyId: number) {
  const { env } = await requireServerKey(userId, apiKey, keyId);
  await db.environmentApiKey.delete({ where: { id: keyId } });
  await touchEnvironments({ environmentId: env.id });
}
