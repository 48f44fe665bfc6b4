// Request schemas of Flagsmith's feature export and import routes.
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

export const IMPORT_STRATEGIES = ["SKIP", "OVERWRITE_DESTRUCTIVE"] as const;
export type ImportStrategy = (typeof IMPORT_STRATEGIES)[number];

export const ZFeatureExportCreate = z.object({
  environment_id: z.int().min(1).max(2147483647).describe("Numeric id of the environment to export"),
  tag_ids: z
    .array(z.int().min(1).max(2147483647))
    .max(100)
    .optional()
    .describe("Only features with one of these tags (all features when empty or left out)"),
});
export type TFeatureExportCreate = z.infer<typeof ZFeatureExportCreate>;

export const ZFeatureImportForm = z.object({
  strategy: z.enum(IMPORT_STRATEGIES, { error: "Must be SKIP or OVERWRITE_DESTRUCTIVE." }),
});

export const ZProjectExportsParams = pathParams({ projectId: zId });
export const ZFeatureExportParams = pathParams({ featureExportId: zId });
export const ZFeatureImportParams = pathParams({ environmentId: zId });
