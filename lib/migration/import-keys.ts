// Server-side keys: copied when the source shows them in full (Flagsmith does), else listed
// in the report to re-create (Ensign, which keeps only a hash, shows a masked key).
import { hashServerKey, SERVER_KEY_PREFIX_LENGTH } from "@/lib/keys";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import type { Ctx } from "./import-structure";
import { countCopy } from "./report";
import type { SourceClient } from "./source-client";
import type { SEnvironment, SServerKey } from "./source-types";

export async function importServerKeys(
  client: SourceClient,
  ctx: Ctx,
  env: SEnvironment,
  environmentId: number,
) {
  const keys = await client.list<SServerKey>(
    `/api/v1/environments/${encodeURIComponent(env.api_key)}/api-keys/`,
  );
  await db.$transaction((tx) => writeServerKeys(tx, ctx, env, environmentId, keys));
}

/** Writes one environment's server-side keys (those shown in full; the others go to `recreate`). */
export async function writeServerKeys(
  tx: Tx,
  ctx: Ctx,
  env: SEnvironment,
  environmentId: number,
  keys: SServerKey[],
) {
  for (const key of keys) {
    if (!/^ser\.[A-Za-z0-9_-]+$/.test(key.key ?? "")) {
      if (!ctx.report.recreate.some((r) => r.environment === env.name && r.name === key.name)) {
        ctx.report.recreate.push({ environment: env.name, name: key.name });
      }
      continue;
    }
    const keyHash = hashServerKey(key.key);
    const existing = await tx.environmentApiKey.findUnique({ where: { keyHash } });
    const data = {
      name: key.name.slice(0, 200),
      active: key.active ?? true,
      expiresAt: key.expires_at ? new Date(key.expires_at) : null,
    };
    if (existing) {
      if (existing.environmentId === environmentId)
        await tx.environmentApiKey.update({ where: { id: existing.id }, data });
      countCopy(ctx.report, "server keys", false);
      continue;
    }
    await tx.environmentApiKey.create({
      data: { ...data, environmentId, keyHash, keyPrefix: key.key.slice(0, SERVER_KEY_PREFIX_LENGTH) },
    });
    countCopy(ctx.report, "server keys", true);
  }
  if (keys.length) await touchEnvironments({ environmentId }, tx);
}
