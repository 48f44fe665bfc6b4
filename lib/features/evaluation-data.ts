// GET /projects/{id}/features/{id}/evaluation-data/: a feature's daily evaluation counts in one
// environment, from what the SDK analytics endpoints (v1 and v2) store (lib/sdk/analytics.ts),
// in the shape of Flagsmith's FeatureEvaluationDataSerializer. Ensign records no labels.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { requireFeature } from "./access";
import { requireProjectEnvironment } from "./environment-context";

export const MAX_EVALUATION_PERIOD_DAYS = 3650;

const zQueryInt = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,10}$/, { error: "A valid integer is required." })
  .transform(Number);

export const ZEvaluationDataQuery = z.object({
  environment_id: zQueryInt
    .pipe(z.int().min(1).max(2147483647))
    .describe("Numeric id of an environment of the project."),
  period: zQueryInt
    .pipe(z.int().min(1).max(MAX_EVALUATION_PERIOD_DAYS))
    .optional()
    .describe("Number of days up to today (default 30)."),
});
export type TEvaluationDataQuery = z.infer<typeof ZEvaluationDataQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function getFeatureEvaluationData(
  scope: { userId: number; projectId: number; featureId: number },
  query: TEvaluationDataQuery,
) {
  const { feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const environmentId = await requireProjectEnvironment(scope.projectId, query.environment_id);
  const now = new Date();
  // Flagsmith counts the days after (today - period) up to today.
  const first = utcDay(new Date(now.getTime() - ((query.period ?? 30) - 1) * DAY_MS));
  const rows = await db.featureEvaluation.findMany({
    where: { environmentId, featureName: feature.name, day: { gte: first, lte: utcDay(now) } },
    orderBy: { day: "asc" },
    select: { day: true, count: true },
  });
  return rows.map((row) => ({ day: row.day, count: row.count, labels: {} }));
}
