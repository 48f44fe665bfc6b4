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
import { addRefusal, addSkip, countCopy } from "./report";
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

const STATE_CHANGE_REQUESTS =
  "409 change_requests_enabled: this environment changes its flags only through change requests; " +
  "not updated (change it there, or turn change requests off and import again)";

/** Whether the environment takes flag changes only through change requests. */
async function takesChangeRequests(tx: Tx, environmentId: number) {
  const env = await tx.environment.findUniqueOrThrow({
    where: { id: environmentId },
    select: { minimumChangeRequestApprovals: true },
  });
  return env.minimumChangeRequestApprovals !== null;
}

type Change = { enabled: boolean; value: StoredValue; allocations: TAllocation[] };

/** Whether a state already is what the source says (then nothing needs writing). */
async function stateMatches(tx: Tx, stateId: number, change: Change) {
  const state = await tx.featureState.findUniqueOrThrow({
    where: { id: stateId },
    include: { multivariateValues: { select: { optionId: true, percentageAllocation: true } } },
  });
  const shares = (list: [number, number][]) =>
    JSON.stringify(list.filter(([, p]) => p !== 0).sort((a, b) => a[0] - b[0]));
  return (
    state.enabled === change.enabled &&
    state.valueType === change.value.valueType &&
    (state.value ?? null) === (change.value.value ?? null) &&
    shares(state.multivariateValues.map((v) => [v.optionId, v.percentageAllocation])) ===
      shares(change.allocations.map((a) => [a.multivariate_feature_option, a.percentage_allocation]))
  );
}

/**
 * In an environment with change requests on, a state is written only if it already matches
 * (nothing changes); a difference is listed under `refused` instead, as Ensign's API refuses it.
 * Returns whether the caller may write.
 */
async function mayWrite(
  tx: Tx,
  ctx: Ctx,
  environmentId: number,
  stateId: number | null,
  change: Change,
  name: string,
) {
  if (!(await takesChangeRequests(tx, environmentId))) return true;
  if (stateId === null || !(await stateMatches(tx, stateId, change)))
    addRefusal(ctx.report, "feature state", name, STATE_CHANGE_REQUESTS);
  return false;
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
  const change = {
    enabled: s.enabled,
    value: storedValueOf(s.feature_state_value),
    allocations: allocationsOf(ctx, target, s.multivariate_feature_state_values, `state ${s.id}`),
  };
  if (!(await mayWrite(tx, ctx, target.environmentId, state.id, change, await stateName(tx, state.id))))
    return;
  await keepHashId(tx, state.id, s);
  await changeState(tx, state.id, change);
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
  const existing = await tx.featureSegment.findUnique({
    where: { featureId_segmentId_environmentId: key },
    include: { featureState: { select: { id: true } } },
  });
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
  const stateId = existing?.featureState?.id ?? null;
  const name = stateId !== null ? await stateName(tx, stateId) : `feature segment ${link.id}`;
  if (!(await mayWrite(tx, ctx, target.environmentId, stateId, change, name))) {
    if (existing) await saveMapping(tx, ctx.scope, "feature-segment", link.id, existing.id);
    return;
  }
  const featureSegment = existing ?? (await insertFeatureSegment(tx, key));
  await saveMapping(tx, ctx.scope, "feature-segment", link.id, featureSegment.id);
  const state = stateId === null ? null : { id: stateId };
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

/** "feature / segment in environment", or "feature in environment" for a default. */
async function stateName(tx: Tx, stateId: number) {
  const state = await tx.featureState.findUniqueOrThrow({
    where: { id: stateId },
    select: {
      feature: { select: { name: true } },
      environment: { select: { name: true } },
      featureSegment: { select: { segment: { select: { name: true } } } },
    },
  });
  const segment = state.featureSegment ? ` / ${state.featureSegment.segment.name}` : "";
  return `${state.feature.name}${segment} in ${state.environment.name}`;
}

/**
 * Sets each feature's segment override order to the source's (priorities 0, 1, …); in an
 * environment with change requests on, a different order is refused (listed), not written.
 */
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
    const order = [...ids, ...others.map((o) => o.id)];
    const current = await tx.featureSegment.findMany({
      where: { id: { in: order } },
      select: { id: true, priority: true, environmentId: true, feature: { select: { name: true } } },
    });
    // Only the order counts (a deleted override leaves a gap that changes nothing).
    const now = [...current].sort((a, b) => a.priority - b.priority || a.id - b.id).map((c) => c.id);
    if (now.join() === order.join()) continue;
    if (await takesChangeRequests(tx, current[0].environmentId)) {
      addRefusal(ctx.report, "segment override order", current[0].feature.name, STATE_CHANGE_REQUESTS);
      continue;
    }
    for (const [priority, id] of order.entries()) {
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
