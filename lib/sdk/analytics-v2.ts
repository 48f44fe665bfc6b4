// POST /api/v2/analytics/flags/: Flagsmith's v2 SDK analytics body,
// `{"evaluations": [{feature_name, identity_identifier?, enabled_when_evaluated, count}]}`,
// answered 204. Counts are summed per feature and stored where v1 stores them
// (lib/sdk/analytics.ts); identity and enabled state are validated but not kept.
import { z } from "zod";
import { zodIssuesToDrf } from "@/lib/api/zod-errors";
import { LIMITS } from "@/lib/limits/limits";
import { recordEvaluations } from "./analytics";
import { authenticateSdkKey } from "./auth";
import { detail, empty, json, parseJsonBody, readHeader, type SdkRequest, type SdkResponse } from "./http";

/** Evaluation entries one report may carry. */
export const MAX_EVALUATIONS_PER_REPORT = 10_000;

export const ZAnalyticsV2Body = z
  .object({
    evaluations: z
      .array(
        z.object({
          feature_name: z.string().min(1).max(2000).describe("Name of the evaluated feature."),
          identity_identifier: z
            .string()
            .max(2000)
            .nullable()
            .optional()
            .describe("The identity it was evaluated for, if any (not stored)."),
          enabled_when_evaluated: z
            .boolean()
            .describe("Whether the flag was on when evaluated (not stored)."),
          count: z.int().max(LIMITS.analyticsCount).describe("How many times."),
        }),
      )
      .max(MAX_EVALUATIONS_PER_REPORT)
      .describe("The evaluations since the last report."),
  })
  .meta({
    description:
      "Evaluations per feature (optionally per identity); unknown feature names and non-positive counts are ignored.",
  });

export async function handleAnalyticsFlagsV2Post(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authenticateSdkKey(readHeader(req.headers, "x-environment-key"));
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot } = auth;
  const body = parseJsonBody(req.body, snapshot);
  if (!body.ok) return body.response;
  const parsed = ZAnalyticsV2Body.safeParse(body.value ?? {}, { reportInput: true });
  if (!parsed.success) return json(400, zodIssuesToDrf(parsed.error.issues), snapshot);
  const known = new Set([...snapshot.features.values()].map((f) => f.name));
  const counts: Record<string, number> = {};
  for (const { feature_name: name, count } of parsed.data.evaluations) {
    if (known.has(name) && count > 0) counts[name] = (counts[name] ?? 0) + count;
  }
  await recordEvaluations(snapshot.environmentId, counts);
  return empty(204, snapshot);
}
