// One blast-radius run, as the worker (lib/impact/worker.ts) or, without one, the server itself
// carries it out: the proposal applied to a copy of the live document, and both evaluated over
// the stored identities that `nextBatch` reads, capped at `limit`. Pure apart from `nextBatch`.
import type { EngineFeatureState, EnvironmentDocument, TraitValueType } from "@/lib/engine";
import { scanIdentities, type CountableIdentity } from "@/lib/segments/scan";
import { readValue } from "@/lib/values";
import { affectedFeatureIds, applyProposal, type Proposal } from "./apply";
import { createImpactTally, summariseImpact, tallyIdentity, type ImpactIdentity } from "./tally";

export type ImpactJob = {
  environmentId: number;
  /** The live SDK document (its identity_overrides may be left out: they come in `identityOverrides`). */
  live: EnvironmentDocument;
  proposal: Proposal;
  /** Identity overrides by identifier; those of features the proposal cannot reach may be left out. */
  identityOverrides: [string, EngineFeatureState[]][];
  limit: number;
  batchSize: number;
  examples?: number;
};

export type ImpactSummary = ReturnType<typeof summariseImpact> & { is_complete: boolean };

export type BatchReader = (afterId: number, take: number) => Promise<CountableIdentity[]>;

function toImpactIdentity(
  overrides: Map<string, EngineFeatureState[]>,
  identity: CountableIdentity,
): ImpactIdentity {
  return {
    id: identity.id,
    identifier: identity.identifier,
    traits: identity.traits.map((t) => ({
      trait_key: t.traitKey,
      trait_value: readValue(t) as string | number | boolean,
      value_type: t.valueType as TraitValueType,
    })),
    identityOverrides: overrides.get(identity.identifier) ?? [],
  };
}

export async function runImpactJob(job: ImpactJob, nextBatch: BatchReader): Promise<ImpactSummary> {
  const proposed = applyProposal(job.live, job.proposal);
  const tally = createImpactTally({
    live: job.live,
    proposed,
    featureIds: affectedFeatureIds(job.live, job.proposal),
    maxExamples: job.examples,
  });
  const overrides = new Map(job.identityOverrides);
  const scan = await scanIdentities({
    limit: job.limit,
    batchSize: job.batchSize,
    nextBatch,
    visit: (identity) => tallyIdentity(tally, toImpactIdentity(overrides, identity)),
  });
  return { ...summariseImpact(tally), is_complete: scan.complete };
}
