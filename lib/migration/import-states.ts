// Feature states of one environment: defaults, segment overrides (with priorities and
// weights) and identity overrides, all written through the one write path
// (lib/feature-states/write.ts), so versions, audit, webhooks and SDK notices follow.
import type { Tx } from "@/lib/db/client";
import type { TAllocation } from "@/lib/feature-states/allocations";
import { changeState, insertState } from "@/lib/feature-states/write";
import { generateUuid } from "@/lib/keys";
import { insertFeatureSegment } from "@/lib/overrides/feature-segments";
import { storeFeatureValue, storeTraitValue, storeValueObject, type StoredValue } from "@/lib/values";
import { findMapping, saveMapping } from "./mapping";
import { addSkip, countCopy } from "./report";
import type { Ctx } from "./import-structure";
import type {
  SAllocation,
  SFeatureSegment,
  SFeatureState,
  SIdentityOverride,
  SScalar,
  STrait,
  SValueObject,
} from "./source-types";
import { bySourceOrder, hashIdOf } from "./source-types";

export type EnvTarget = {
  environmentId: number;
  options: Map<string, number>;
  features: Map<string, number>;
};

export function storedValueOf(raw: SValueObject | SScalar | undefined): StoredValue {
  if (raw !== null && typeof raw === "object") {
    const type = raw.type === "int" || raw.type === "bool" ? raw.type : "unicode";
    return storeValueObject({ ...raw, type });
  }
  return storeFeatureValue(raw ?? null);
}

function allocationsOf(ctx: Ctx, target: EnvTarget, values: SAllocation[] | undefined, label: string) {
  const out: TAllocation[] = [];
  // In the source's order of its rows: the engine walks variants in that order.
  const ordered = [...(values ?? [])].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  for (const v of ordered) {
    const option = target.options.get(String(v.multivariate_feature_option));
    if (option === undefined)
      addSkip(ctx.report, "weight", label, `option ${v.multivariate_feature_option} was not imported`);
    else out.push({ multivariate_feature_option: option, percentage_allocation: v.percentage_allocation });
  }
  return out;
}

/**
 * The source's id, which Flagsmith hashes identities into variants with; not a change of the
 * state (no version, no audit), written before the state's change so its notice covers it.
 */
async function keepHashId(tx: Tx, stateId: number, source: SFeatureState) {
  await tx.featureState.update({ where: { id: stateId }, data: { importedId: hashIdOf(source) } });
}

export async function importDefaultState(tx: Tx, ctx: Ctx, target: EnvTarget, s: SFeatureState) {
  const featureId = target.features.get(String(s.feature));
  if (featureId === undefined)
    return addSkip(ctx.report, "feature state", `state ${s.id}`, "its feature was not imported");
  const state = await tx.featureState.findUnique({
    where: {
      featureId_environmentId_scope: { featureId, environmentId: target.environmentId, scope: "env" },
    },
    select: { id: true },
  });
  if (!state)
    return addSkip(ctx.report, "feature state", `state ${s.id}`, "no environment default in Ensign");
  await keepHashId(tx, state.id, s);
  await changeState(tx, state.id, {
    enabled: s.enabled,
    value: storedValueOf(s.feature_state_value),
    allocations: allocationsOf(ctx, target, s.multivariate_feature_state_values, `state ${s.id}`),
  });
  countCopy(ctx.report, "environment defaults", false);
}

/** A segment override; `link` is the source's feature segment (segment and priority). */
export async function importSegmentOverride(
  tx: Tx,
  ctx: Ctx,
  target: EnvTarget,
  s: SFeatureState,
  link: SFeatureSegment,
) {
  const featureId = target.features.get(String(s.feature));
  const segmentId = await findMapping(tx, ctx.scope, "segment", link.segment);
  if (featureId === undefined || segmentId === null) {
    return addSkip(
      ctx.report,
      "segment override",
      `feature segment ${link.id}`,
      "its feature or segment was not imported",
    );
  }
  const key = { featureId, segmentId, environmentId: target.environmentId };
  const existing = await tx.featureSegment.findUnique({ where: { featureId_segmentId_environmentId: key } });
  const featureSegment = existing ?? (await insertFeatureSegment(tx, key));
  await saveMapping(tx, ctx.scope, "feature-segment", link.id, featureSegment.id);
  const change = {
    enabled: s.enabled,
    value: storedValueOf(s.feature_state_value),
    allocations: allocationsOf(
      ctx,
      target,
      s.multivariate_feature_state_values,
      `feature segment ${link.id}`,
    ),
  };
  const state = await tx.featureState.findUnique({
    where: { featureSegmentId: featureSegment.id },
    select: { id: true },
  });
  if (state) {
    await keepHashId(tx, state.id, s);
    await changeState(tx, state.id, change);
  } else {
    const id = await insertState(
      tx,
      {
        featureId,
        environmentId: target.environmentId,
        featureSegmentId: featureSegment.id,
        enabled: change.enabled,
        value: change.value,
      },
      { allocations: change.allocations, duplicate: () => new Error("segment override exists") },
    );
    await keepHashId(tx, id, s);
  }
  countCopy(ctx.report, "segment overrides", !state);
}

/** Sets each feature's segment override order to the source's (priorities 0, 1, …). */
export async function applyPriorities(tx: Tx, ctx: Ctx, links: SFeatureSegment[]) {
  const ordered = [...links].sort((a, b) => a.priority - b.priority || bySourceOrder(a, b));
  const byFeature = new Map<number, number[]>();
  for (const link of ordered) {
    const id = await findMapping(tx, ctx.scope, "feature-segment", link.id);
    if (id === null) continue;
    const row = await tx.featureSegment.findUnique({ where: { id }, select: { featureId: true } });
    if (!row) continue;
    byFeature.set(row.featureId, [...(byFeature.get(row.featureId) ?? []), id]);
  }
  for (const [featureId, ids] of byFeature) {
    const others = await tx.featureSegment.findMany({
      where: {
        featureId,
        environmentId: (await tx.featureSegment.findUniqueOrThrow({ where: { id: ids[0] } })).environmentId,
        id: { notIn: ids },
      },
      orderBy: { priority: "asc" },
      select: { id: true },
    });
    for (const [priority, id] of [...ids, ...others.map((o) => o.id)].entries()) {
      await tx.featureSegment.update({ where: { id }, data: { priority } });
    }
  }
}

export type SourceIdentity = {
  key: string;
  identifier: string;
  traits: STrait[];
  overrides: SIdentityOverride[];
};

export async function importIdentity(tx: Tx, ctx: Ctx, target: EnvTarget, i: SourceIdentity) {
  const known = await findMapping(tx, ctx.scope, "identity", i.key);
  const existing =
    (known ? await tx.identity.findUnique({ where: { id: known } }) : null) ??
    (await tx.identity.findFirst({
      where: { environmentId: target.environmentId, identifier: i.identifier },
    }));
  const identity =
    existing ??
    (await tx.identity.create({
      data: { uuid: generateUuid(), identifier: i.identifier, environmentId: target.environmentId },
    }));
  await saveMapping(tx, ctx.scope, "identity", i.key, identity.id);
  for (const t of i.traits) {
    if (t.trait_value === null || t.trait_value === undefined) continue;
    const stored = storeTraitValue(t.trait_value);
    const value = { valueType: stored.valueType, value: stored.value ?? "" };
    const trait = await tx.trait.findFirst({ where: { identityId: identity.id, traitKey: t.trait_key } });
    if (trait) await tx.trait.update({ where: { id: trait.id }, data: value });
    else await tx.trait.create({ data: { identityId: identity.id, traitKey: t.trait_key, ...value } });
  }
  for (const o of i.overrides) {
    const sourceFeature = typeof o.feature === "object" ? o.feature.id : o.feature;
    const featureId = target.features.get(String(sourceFeature));
    if (featureId === undefined) {
      addSkip(
        ctx.report,
        "identity override",
        `${i.identifier}: feature ${sourceFeature}`,
        "its feature was not imported",
      );
      continue;
    }
    const change = { enabled: o.enabled, value: storedValueOf(o.feature_state_value) };
    const state = await tx.featureState.findUnique({
      where: {
        featureId_environmentId_scope: {
          featureId,
          environmentId: target.environmentId,
          scope: `id:${identity.id}`,
        },
      },
      select: { id: true },
    });
    if (state) await changeState(tx, state.id, change);
    else {
      await insertState(
        tx,
        { featureId, environmentId: target.environmentId, identityId: identity.id, ...change },
        { duplicate: () => new Error("identity override exists") },
      );
    }
    countCopy(ctx.report, "identity overrides", !state);
  }
  countCopy(ctx.report, "identities", !existing);
}
