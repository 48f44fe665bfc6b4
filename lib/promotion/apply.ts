// POST /projects/{id}/promotions/: writes the chosen parts of the diff into the target
// environment, in one transaction, through the one write path (lib/feature-states/write.ts):
// an audit entry and webhooks for each state it creates, changes or deletes, and one new
// version per feature it changed, so that restoring the version before undoes it.
import { ValidationError } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { changeState, insertState, removeState, type StateChange } from "@/lib/feature-states/write";
import { assertValueBudget } from "@/lib/limits/quotas";
import { insertFeatureSegment } from "@/lib/overrides/feature-segments";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import { storedValue, type StateFields } from "@/lib/feature-states/feature-snapshot";
import { promotedOrder, rankOverrides, stateChanges, type DefaultPart } from "./diff";
import { diffBetween, loadEnvironments, loadFeatures } from "./load";
import type { TPromotionApply, TPromotionPart } from "./schemas";

const TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

type Chosen = { defaults: Set<DefaultPart>; segments: Set<number> };
type Sides = { sourceId: number; targetId: number };

/** The state change that makes `target` serve what `source` does, for the chosen fields. */
function changeFor(source: StateFields, target: StateFields, fields: Iterable<DefaultPart>): StateChange {
  const differing = new Set(stateChanges(source, target));
  const change: StateChange = {};
  for (const field of fields) {
    if (!differing.has(field)) continue;
    if (field === "enabled") change.enabled = source.enabled;
    if (field === "value") change.value = storedValue(source);
    if (field === "weights") change.allocations = source.multivariate_feature_state_values;
  }
  return change;
}

const isEmpty = (change: StateChange) => Object.values(change).every((v) => v === undefined);

/** Promotes the chosen parts of one feature; answers whether anything changed. */
async function promoteFeature(tx: Tx, featureId: number, sides: Sides, chosen: Chosen): Promise<boolean> {
  const { diff, source, target } = await diffBetween(tx, featureId, sides.sourceId, sides.targetId);
  const where = { featureId, environmentId: sides.targetId };
  const known = new Set(diff.segment_overrides.map((o) => o.segment));
  const unknown = [...chosen.segments].filter((id) => !known.has(id));
  if (unknown.length) {
    throw ValidationError.field(
      "parts",
      `Neither environment has an override of segment ${unknown.join(", ")} for feature ${featureId}.`,
    );
  }
  let changed = false;
  const targetDefault = await tx.featureState.findFirst({
    where: { ...where, scope: "env" },
    select: { id: true },
  });
  if (source.environment_default && target.environment_default && targetDefault && chosen.defaults.size) {
    const change = changeFor(source.environment_default, target.environment_default, chosen.defaults);
    if (!isEmpty(change)) {
      await changeState(tx, targetDefault.id, change, { batch: true });
      changed = true;
    }
  }
  if (chosen.segments.size === 0) return changed;

  const sourceRanked = rankOverrides(source.segment_overrides);
  const promoted = sourceRanked.filter((o) => chosen.segments.has(o.segment));
  const removed = new Set([...chosen.segments].filter((id) => !promoted.some((o) => o.segment === id)));
  const order = promotedOrder(rankOverrides(target.segment_overrides), promoted, removed);
  const links = await tx.featureSegment.findMany({
    where,
    select: { id: true, segmentId: true, priority: true, featureState: { select: { id: true } } },
  });
  for (const link of links) {
    if (!link.featureState) continue;
    if (removed.has(link.segmentId)) {
      await removeState(tx, link.featureState.id, { batch: true });
      await tx.featureSegment.delete({ where: { id: link.id } });
      changed = true;
      continue;
    }
    const from = promoted.find((o) => o.segment === link.segmentId);
    const now = target.segment_overrides.find((o) => o.segment === link.segmentId);
    const change = from && now ? changeFor(from, now, ["enabled", "value", "weights"]) : {};
    const rank = order.get(link.segmentId);
    if (rank !== undefined && rank !== link.priority) change.priority = rank;
    if (!isEmpty(change)) {
      await changeState(tx, link.featureState.id, change, { batch: true });
      changed = true;
    }
  }
  for (const override of promoted) {
    if (links.some((l) => l.segmentId === override.segment)) continue;
    const link = await insertFeatureSegment(
      tx,
      { ...where, segmentId: override.segment },
      order.get(override.segment),
      { exact: true },
    );
    await insertState(
      tx,
      { ...where, featureSegmentId: link.id, enabled: override.enabled, value: storedValue(override) },
      {
        allocations: override.multivariate_feature_state_values,
        duplicate: () => ValidationError.nonField("Feature state already exists."),
        batch: true,
      },
    );
    changed = true;
  }
  return changed;
}

function groupParts(parts: TPromotionPart[]): Map<number, Chosen> {
  const byFeature = new Map<number, Chosen>();
  for (const part of parts) {
    const chosen = byFeature.get(part.feature) ?? { defaults: new Set(), segments: new Set() };
    if (part.part === "segment_override") chosen.segments.add(part.segment);
    else chosen.defaults.add(part.part);
    byFeature.set(part.feature, chosen);
  }
  return byFeature;
}

export async function applyPromotion(projectId: number, input: TPromotionApply) {
  const { source, target } = await loadEnvironments(db, { projectId, ...input });
  if (target.isProtected && input.confirm_protected !== true) {
    throw ValidationError.field(
      "confirm_protected",
      `${target.name} is protected: send "confirm_protected": true to promote into it.`,
    );
  }
  const byFeature = groupParts(input.parts);
  const features = await loadFeatures(db, projectId, [...byFeature.keys()], "parts");
  const sides = { sourceId: source.id, targetId: target.id };
  // Many features in one transaction: more time than a single write's default.
  return db.$transaction(async (tx) => {
    const results = [];
    for (const feature of features) {
      const changed = await promoteFeature(tx, feature.id, sides, byFeature.get(feature.id)!);
      let version: string | null = null;
      if (changed) {
        const where = { featureId: feature.id, environmentId: target.id };
        await recordFeatureVersion(tx, where);
        version = (await tx.featureVersion.findFirstOrThrow({ where, orderBy: { id: "desc" } })).uuid;
      }
      results.push({ id: feature.id, name: feature.name, version });
    }
    if (results.some((r) => r.version)) {
      await assertValueBudget(tx, { environmentId: target.id });
      await touchEnvironments({ environmentId: target.id }, tx);
    }
    return { features: results };
  }, TRANSACTION);
}
