// The dashboard's read of flag evaluation counts: per feature name, one point per UTC day of
// the window (oldest first, zero-filled), for features that were evaluated in it.
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import type { TFlagAnalyticsQuery } from "./schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

export function windowDays(days: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export async function getFlagAnalytics(userId: number, apiKey: string, query: TFlagAnalyticsQuery) {
  const environment = await requireEnvironment(userId, apiKey);
  const days = windowDays(query.days ?? 30);
  const rows = await db.featureEvaluation.findMany({
    where: { environmentId: environment.id, day: { gte: days[0], lte: days[days.length - 1] } },
    select: { featureName: true, day: true, count: true },
  });
  const byFeature = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const counts = byFeature.get(row.featureName) ?? new Map<string, number>();
    counts.set(row.day, row.count);
    byFeature.set(row.featureName, counts);
  }
  const names = [...byFeature.keys()].sort();
  return Object.fromEntries(
    names.map((name) => [name, days.map((day) => ({ day, count: byFeature.get(name)!.get(day) ?? 0 }))]),
  );
}
