// Compares Ensign with the source it was imported from, over HTTP, as SDKs see both:
// /api/v1/flags/ of every imported environment, /api/v1/identities/ of every imported
// identity, and of sampled identities whose traits come from the segments' conditions.
import { db } from "@/lib/db/client";
import { invalidateSnapshots } from "@/lib/sdk/cache";
import { loadDumpMappings, loadMappings } from "./mapping";
import { mapLimit } from "./map-limit";
import { resolveSourceOrganisation, sourceName } from "./run-import";
import { sampleTraitSets } from "./sample-traits";
import { createSourceClient, type SourceClient } from "./source-client";
import type { SEnvironment, SProject, SScalar, SSegment } from "./source-types";
import { SOURCE_CONCURRENCY } from "./import-identities";

export type Difference = {
  environment: string;
  identity: string | null;
  flag: string;
  expected: unknown;
  got: unknown;
  why: string;
};
export type VerifyResult = {
  source: string;
  environments: number;
  identities: number;
  sampled: number;
  differences: Difference[];
};
export type VerifyOptions = {
  organisationId: number;
  baseUrl: string;
  apiKey: string;
  sourceOrganisationId?: number;
  /** Where this Ensign answers SDK calls. */
  targetUrl: string;
  sample?: number;
  guard?: boolean;
};

const MAX_DIFFERENCES = 1000;
type Flag = { feature: { name: string }; enabled: boolean; feature_state_value: unknown };

function compareFlags(
  into: Difference[],
  environment: string,
  identity: string | null,
  expected: Flag[],
  got: Flag[],
) {
  const theirs = new Map(got.map((f) => [f.feature.name, f]));
  const ours = new Map(expected.map((f) => [f.feature.name, f]));
  const add = (d: Omit<Difference, "environment" | "identity">) => {
    if (into.length < MAX_DIFFERENCES) into.push({ environment, identity, ...d });
  };
  for (const [name, want] of ours) {
    const have = theirs.get(name);
    if (!have) add({ flag: name, expected: want, got: null, why: "missing in Ensign" });
    else if (have.enabled !== want.enabled)
      add({ flag: name, expected: want.enabled, got: have.enabled, why: "enabled differs" });
    else if (JSON.stringify(have.feature_state_value) !== JSON.stringify(want.feature_state_value)) {
      add({
        flag: name,
        expected: want.feature_state_value,
        got: have.feature_state_value,
        why: "value differs",
      });
    }
  }
  for (const name of theirs.keys()) {
    if (!ours.has(name)) add({ flag: name, expected: null, got: theirs.get(name), why: "only in Ensign" });
  }
}

async function identityFlags(
  client: SourceClient,
  key: string,
  identifier: string,
  traits?: Record<string, SScalar>,
) {
  const headers = { "x-environment-key": key };
  const answer = traits
    ? await client.post<{ flags: Flag[] }>(
        "/api/v1/identities/",
        {
          identifier,
          transient: true,
          traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
        },
        headers,
      )
    : await client.get<{ flags: Flag[] }>(
        `/api/v1/identities/?identifier=${encodeURIComponent(identifier)}`,
        headers,
      );
  return answer.flags ?? [];
}

export async function verifyImport(options: VerifyOptions): Promise<VerifyResult> {
  const source = createSourceClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    guard: options.guard,
  });
  const target = createSourceClient({ baseUrl: options.targetUrl, apiKey: "", guard: false });
  const sourceOrg = await resolveSourceOrganisation(source, options.sourceOrganisationId);
  const name = sourceName(source.baseUrl, sourceOrg);
  const scope = { organisationId: options.organisationId, source: name };
  const envMap = await loadMappings(db, scope, "environment");
  // Environments imported from a dump of the source are found by their client-side key.
  const fromDump = await loadDumpMappings(db, options.organisationId, "environment");
  const identityIds = [
    ...(await loadMappings(db, scope, "identity")).values(),
    ...(await loadDumpMappings(db, options.organisationId, "identity")).values(),
  ];
  const result: VerifyResult = { source: name, environments: 0, identities: 0, sampled: 0, differences: [] };
  const diffs = result.differences;
  for (const p of await source.list<SProject>(`/api/v1/projects/?organisation=${sourceOrg}`)) {
    const segments = await source.list<SSegment>(`/api/v1/projects/${p.id}/segments/`);
    const samples = sampleTraitSets(segments, options.sample ?? 20);
    for (const e of await source.list<SEnvironment>(`/api/v1/environments/?project=${p.id}`)) {
      const targetId = envMap.get(String(e.id)) ?? fromDump.get(e.api_key);
      const env = targetId ? await db.environment.findUnique({ where: { id: targetId } }) : null;
      if (!env) {
        diffs.push({
          environment: e.name,
          identity: null,
          flag: "*",
          expected: "imported",
          got: null,
          why: "environment not imported",
        });
        continue;
      }
      result.environments++;
      // This server's snapshot may predate a write by another process (the import CLI on the
      // same database), which the revision poll would find only later: compiled afresh, the
      // answers compared are what the database holds now.
      invalidateSnapshots([env.id]);
      const [want, have] = await Promise.all([
        source.get<Flag[]>("/api/v1/flags/", { "x-environment-key": e.api_key }),
        target.get<Flag[]>("/api/v1/flags/", { "x-environment-key": env.apiKey }),
      ]);
      compareFlags(diffs, e.name, null, want, have);
      const identities = await db.identity.findMany({
        where: { environmentId: env.id, id: { in: identityIds } },
        select: { identifier: true },
        orderBy: { id: "asc" },
      });
      await mapLimit(identities, SOURCE_CONCURRENCY, async ({ identifier }) => {
        const [w, h] = await Promise.all([
          identityFlags(source, e.api_key, identifier),
          identityFlags(target, env.apiKey, identifier),
        ]);
        compareFlags(diffs, e.name, identifier, w, h);
      });
      result.identities += identities.length;
      await mapLimit(samples, SOURCE_CONCURRENCY, async (traits) => {
        const identifier = `ensign-verify-${samples.indexOf(traits)}`;
        const [w, h] = await Promise.all([
          identityFlags(source, e.api_key, identifier, traits),
          identityFlags(target, env.apiKey, identifier, traits),
        ]);
        compareFlags(diffs, e.name, `${identifier} ${JSON.stringify(traits)}`, w, h);
      });
      result.sampled += samples.length;
    }
  }
  return result;
}
