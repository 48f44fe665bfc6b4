// `multivariate_options` sent with a feature update replace the feature's options, as
// Flagsmith's writable nested serializer does: listed ids are updated, items without an id are
// created, options left out are deleted (with their shares in every state).
import { ValidationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { readValueObject, storeValueObject } from "@/lib/values";
import { allocateNewOption, INVALID_ALLOCATION, optionData, syncFeatureType } from "./option-writes";
import type { TMultivariateOptionFields, TNestedMultivariateOption } from "./schemas";

const FIELD = "multivariate_options";

/** An existing option's columns after a partial change: fields left out keep their value. */
export function mergeOptionData(
  existing: {
    valueType: string;
    value: string | null;
    defaultPercentageAllocation: number;
    key: string | null;
  },
  change: TMultivariateOptionFields,
) {
  const current = readValueObject(existing);
  const stored = storeValueObject({
    type: change.type ?? current.type,
    string_value: change.string_value !== undefined ? change.string_value : current.string_value,
    integer_value: change.integer_value !== undefined ? change.integer_value : current.integer_value,
    boolean_value: change.boolean_value !== undefined ? change.boolean_value : current.boolean_value,
  });
  return {
    valueType: stored.valueType,
    value: stored.value,
    defaultPercentageAllocation: change.default_percentage_allocation ?? existing.defaultPercentageAllocation,
    key: change.key !== undefined ? change.key : existing.key,
  };
}

function checkIds(items: TNestedMultivariateOption[], existingIds: Set<number>) {
  const unknown = items.map((item) =>
    item.id !== undefined && !existingIds.has(item.id)
      ? { id: [`Invalid pk "${item.id}" - object does not exist.`] }
      : {},
  );
  if (unknown.some((e) => Object.keys(e).length)) throw new ValidationError({ [FIELD]: unknown });
}

export async function replaceFeatureOptions(tx: Tx, featureId: number, items: TNestedMultivariateOption[]) {
  const existing = await tx.multivariateFeatureOption.findMany({ where: { featureId } });
  const byId = new Map(existing.map((o) => [o.id, o]));
  checkIds(items, new Set(byId.keys()));

  const updates = items.flatMap((item) => {
    const current = item.id === undefined ? undefined : byId.get(item.id);
    return current ? [{ id: current.id, data: mergeOptionData(current, item) }] : [];
  });
  const creates = items.filter((item) => item.id === undefined).map(optionData);
  const after = [...updates.map((u) => u.data), ...creates];
  if (after.reduce((sum, o) => sum + o.defaultPercentageAllocation, 0) > 100) {
    throw ValidationError.field(FIELD, INVALID_ALLOCATION);
  }
  const keys = after.map((o) => o.key).filter((k) => k !== null);
  if (new Set(keys).size !== keys.length) {
    throw ValidationError.field(FIELD, "The fields feature, key must make a unique set.");
  }

  const kept = new Set(updates.map((u) => u.id));
  const removed = existing.filter((o) => !kept.has(o.id)).map((o) => o.id);
  if (removed.length) await tx.multivariateFeatureOption.deleteMany({ where: { id: { in: removed } } });
  for (const update of updates) {
    await tx.multivariateFeatureOption.update({ where: { id: update.id }, data: update.data });
  }
  for (const data of creates) {
    const option = await tx.multivariateFeatureOption.create({
      data: { uuid: generateUuid(), featureId, ...data },
    });
    await allocateNewOption(tx, option, FIELD);
  }
  if (creates.length) await syncFeatureType(tx, featureId, "added");
  else if (removed.length) await syncFeatureType(tx, featureId, "removed");
}
