import { getHashedPercentageForObjectIds } from "./hashing";
import type { EngineFeatureState, EngineMultivariateValue } from "./types";

const UUID_HEX = /^[0-9a-f]{32}$/i;

// Flagsmith orders an identity's buckets by the multivariate value's id and, for a value not yet
// stored (id null), by its uuid read as a 128-bit integer: the order they were persisted in, so a
// given identity keeps its variant. A malformed uuid sorts last, keeping document order.
function sortKey(value: EngineMultivariateValue): [number, bigint] {
  if (value.id !== null) return [0, BigInt(value.id)];
  const hex = value.mv_fs_value_uuid.replace(/-/g, "");
  return UUID_HEX.test(hex) ? [0, BigInt(`0x${hex}`)] : [1, 0n];
}

export function sortMultivariateValues(values: EngineMultivariateValue[]): EngineMultivariateValue[] {
  return values
    .map((value) => ({ value, key: sortKey(value) }))
    .sort((a, b) => a.key[0] - b.key[0] || (a.key[1] < b.key[1] ? -1 : a.key[1] > b.key[1] ? 1 : 0))
    .map(({ value }) => value);
}

// A document's states are not changed once built (snapshots are immutable), so each list of
// values is sorted once, not for every identity. The cached order is used only while the list
// still holds the same values.
const sortedLists = new WeakMap<EngineMultivariateValue[], EngineMultivariateValue[]>();

function sortedOnce(values: EngineMultivariateValue[]): EngineMultivariateValue[] {
  const cached = sortedLists.get(values);
  if (cached && cached.length === values.length && cached.every((value) => values.includes(value)))
    return cached;
  const sorted = sortMultivariateValues(values);
  sortedLists.set(values, sorted);
  return sorted;
}

/** The seed hashed with the identity: the feature state's id, or its uuid when it has none. */
export function getMultivariateSeed(state: EngineFeatureState): string {
  return String(state.django_id ?? state.featurestate_uuid);
}

/** Where the identity falls (0–100) on a multivariate state's cumulative allocation ranges. */
export function getMultivariatePercentage(state: EngineFeatureState, identityKey: string): number {
  return getHashedPercentageForObjectIds([getMultivariateSeed(state), identityKey]);
}

/**
 * The identity's variant of a multivariate state: p = hash([seed, identity key]) falls in one of
 * the cumulative ranges [start, start + percentage_allocation) taken in id order. Null means no
 * range holds p (allocations summing below 100), and the control value is served.
 */
export function chooseMultivariateValue(
  state: EngineFeatureState,
  identityKey: string,
): EngineMultivariateValue | null {
  const values = state.multivariate_feature_state_values ?? [];
  if (values.length === 0) return null;
  const percentage = getMultivariatePercentage(state, identityKey);
  let start = 0;
  for (const value of sortedOnce(values)) {
    const limit = start + value.percentage_allocation;
    if (start <= percentage && percentage < limit) return value;
    start = limit;
  }
  return null;
}
