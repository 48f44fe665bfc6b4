// Pure pieces of the features list's "stale" filter and "last changed" sort (Ensign extensions).
// A feature is stale when nothing about it changed for the project's stale_flags_limit_days
// and no permanent tag exempts it, as Flagsmith leaves permanent-tagged flags out of stale logic.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The later of the feature's own change and its latest version in any environment. */
export function lastChangedOf(featureUpdatedAt: Date, latestVersionAt: Date | undefined): Date {
  return latestVersionAt && latestVersionAt > featureUpdatedAt ? latestVersionAt : featureUpdatedAt;
}

/** Changes before this instant are old enough to make a feature stale. */
export function staleBefore(now: Date, limitDays: number): Date {
  return new Date(now.getTime() - limitDays * DAY_MS);
}

export function isStale(options: { lastChanged: Date; staleBefore: Date; isPermanent: boolean }): boolean {
  return !options.isPermanent && options.lastChanged < options.staleBefore;
}

/** Order for sort_field=last_changed: by the date, ties by id, both in the requested direction. */
export function compareLastChanged(
  a: { id: number; lastChanged: Date },
  b: { id: number; lastChanged: Date },
  direction: "asc" | "desc",
): number {
  const order = a.lastChanged.getTime() - b.lastChanged.getTime() || a.id - b.id;
  return direction === "asc" ? order : -order;
}
