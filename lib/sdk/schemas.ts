import { z } from "zod";

export const ANALYTICS_MAX_DAYS = 365;

export const ZFlagAnalyticsQuery = z.object({
  days: z.coerce
    .number({
      error: (issue) => (issue.code === "invalid_type" ? "A valid integer is required." : undefined),
    })
    .int()
    .min(1)
    .max(ANALYTICS_MAX_DAYS)
    .optional()
    .describe("How many UTC days to report, ending today (default 30)."),
});
export type TFlagAnalyticsQuery = z.infer<typeof ZFlagAnalyticsQuery>;

export const ZFlagAnalyticsDay = z.object({
  day: z.string().describe("UTC day, YYYY-MM-DD."),
  count: z.int().describe("Evaluations the SDKs reported for that day."),
});
export const ZFlagAnalyticsResponse = z
  .record(z.string(), z.array(ZFlagAnalyticsDay))
  .describe("Per feature name, one entry per day of the window, oldest first (0 when nothing was reported).");
