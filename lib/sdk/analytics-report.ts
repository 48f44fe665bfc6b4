// The dashboard's read of flag evaluation counts: per feature name, one point per UTC day of
// the window (oldest first, zero-filled), for features that were evaluated in it.
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { MAX_STORED_COUNT } from "./analytics";
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
  const where = { environmentId: environment.id, day: { gte: days[0], lte: days[days.length - 1] } };
  // Rows written before counts were bounded may hold values no integer column type reads back
  // (SQLite stores any 64-bit integer, or a float once a sum overflowed): they are shown as the
  // cap, and never read.
  const [rows, oversized] = await Promise.all([
    db.featureEvaluation.findMany({
      where: { ...where, count: { gte: 0, lte: MAX_STORED_COUNT } },
      select: { featureName: true, day: true, count: true },
    }),
    db.featureEvaluation.findMany({
      where: { ...where, count: { gt: MAX_STORED_COUNT } },
      select: { featureName: true, day: true },
    }),
  ]);
  rows.push(...oversized.map((row) => ({ ...row, count: MAX_STORED_COUNT })));
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
