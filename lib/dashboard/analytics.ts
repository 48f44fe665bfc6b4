// Evaluation counts from GET /environments/{key}/analytics/flags/: per feature name, one
// `{day, count}` point per UTC day of the window, oldest first.
export type DayCount = { day: string; count: number };
export type FlagAnalytics = Record<string, DayCount[]>;

export function evaluationSeries(data: FlagAnalytics | undefined, featureName: string): DayCount[] {
  const series = data?.[featureName];
  return Array.isArray(series) ? series : [];
}

/** Total evaluations per feature name over the window. */
export function evaluationCounts(data: FlagAnalytics | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, series] of Object.entries(data ?? {})) {
    if (Array.isArray(series))
      counts.set(
        name,
        series.reduce((sum, point) => sum + (point.count ?? 0), 0),
      );
  }
  return counts;
}
