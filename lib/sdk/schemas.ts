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
