// Reads one environment's identities from the source (core or edge API), a few at a time,
// and writes each identity with its traits and overrides in a transaction of its own.
import { db } from "@/lib/db/client";
import { mapLimit } from "./map-limit";
import { importIdentity, type EnvTarget, type SourceIdentity } from "./import-states";
import type { Ctx } from "./import-structure";
import type { SourceClient } from "./source-client";
import type { SEnvironment, SIdentity, SIdentityOverride, STrait } from "./source-types";

export const SOURCE_CONCURRENCY = Number(process.env.ENSIGN_IMPORT_CONCURRENCY ?? 4);

async function readCore(client: SourceClient, env: SEnvironment, i: SIdentity): Promise<SourceIdentity> {
  const base = `/api/v1/environments/${encodeURIComponent(env.api_key)}/identities/${i.id}`;
  const [traits, overrides] = await Promise.all([
    client.list<STrait>(`${base}/traits/`),
    client.list<SIdentityOverride & { identity?: unknown }>(`${base}/featurestates/`),
  ]);
  return { key: `core:${i.id}`, identifier: i.identifier, traits, overrides };
}

async function readEdge(client: SourceClient, env: SEnvironment, i: SIdentity): Promise<SourceIdentity> {
  const base = `/api/v1/environments/${encodeURIComponent(env.api_key)}/edge-identities/${i.identity_uuid}`;
  const [traits, overrides] = await Promise.all([
    client.get<STrait[]>(`${base}/list-traits/`),
    client.get<SIdentityOverride[]>(`${base}/edge-featurestates/`),
  ]);
  return {
    key: `edge:${i.identity_uuid}`,
    identifier: i.identifier,
    traits: traits ?? [],
    overrides: overrides ?? [],
  };
}

export async function importIdentities(
  client: SourceClient,
  ctx: Ctx,
  env: SEnvironment,
  target: EnvTarget,
  edge: boolean,
) {
  const key = encodeURIComponent(env.api_key);
  const list = await client.list<SIdentity>(
    edge ? `/api/v1/environments/${key}/edge-identities/` : `/api/v1/environments/${key}/identities/`,
  );
  // Reads run side by side; writes one after another (one writer is what SQLite has anyway).
  let writes: Promise<unknown> = Promise.resolve();
  await mapLimit(list, SOURCE_CONCURRENCY, async (i) => {
    const identity = edge ? await readEdge(client, env, i) : await readCore(client, env, i);
    writes = writes.then(() =>
      db.$transaction((tx) => importIdentity(tx, ctx, target, identity), { timeout: 60_000 }),
    );
    await writes;
  });
  return list.length;
}
