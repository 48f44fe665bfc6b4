import { z } from "zod";

export const ZHealth = z
  .strictObject({ status: z.literal("ok").meta({ description: "Always `ok` when the check passes." }) })
  .meta({ id: "Health", description: "A passing health check." });
