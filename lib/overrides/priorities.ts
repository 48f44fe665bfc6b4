// Segment override priorities. Moving one feature segment to a priority moves the others
// out of its way, as Flagsmith's ordered model does; unlike Flagsmith's sequential moves, a
// complete reordering sent by the dashboard (0..n-1) is always stored exactly as sent.

export type PriorityRow = { id: number; priority: number };

/**
 * The priorities every feature segment of one feature and environment ends with: the
 * requested ones as requested, the others in their current order in the free slots.
 */
export function reorderPriorities(rows: PriorityRow[], requested: Map<number, number>): Map<number, number> {
  const known = new Set(rows.map((r) => r.id));
  const result = new Map([...requested].filter(([id]) => known.has(id)));
  const taken = new Set(result.values());
  const others = rows.filter((r) => !result.has(r.id)).sort((a, b) => a.priority - b.priority || a.id - b.id);
  let slot = 0;
  for (const row of others) {
    while (taken.has(slot)) slot++;
    result.set(row.id, slot++);
  }
  return result;
}

/** Priorities after inserting a new feature segment at `at`: the ones at or after it move down. */
export function shiftForInsert(rows: PriorityRow[], at: number): Map<number, number> {
  return new Map(rows.map((r) => [r.id, r.priority >= at ? r.priority + 1 : r.priority]));
}

/** Priorities after removing the feature segment at `removed`: the ones after it move up. */
export function closeGap(rows: PriorityRow[], removed: number): Map<number, number> {
  return new Map(rows.map((r) => [r.id, r.priority > removed ? r.priority - 1 : r.priority]));
}

/** The priority a new feature segment gets when none is asked for: after the last one. */
export function nextPriority(rows: PriorityRow[]): number {
  return rows.length ? Math.max(...rows.map((r) => r.priority)) + 1 : 0;
}
