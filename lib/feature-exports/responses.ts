import { z } from "zod";
import { paged, zDateTime, zInt, zText } from "@/lib/api/response-schemas";

const ZStatus = z
  .enum(["SUCCESS", "PROCESSING", "FAILED"])
  .meta({ description: "Ensign finishes an export or import within the request: SUCCESS." });

export const ZFeatureExport = z
  .strictObject({
    id: zInt("Numeric id of the export; download it with download-feature-export."),
    name: zText("The environment's name and the time of the export (`<name> | YYYY-MM-DD HH:MM UTC`)."),
    environment_id: zInt("Id of the exported environment."),
    status: ZStatus,
    created_at: zDateTime("When the export was made."),
  })
  .meta({ id: "FeatureExport", description: "A feature export file of an environment, kept for download." });

export const ZFeatureImport = z
  .strictObject({
    id: zInt("Numeric id of the import."),
    environment_id: zInt("Id of the environment the file was imported into."),
    strategy: z
      .enum(["SKIP", "OVERWRITE_DESTRUCTIVE"])
      .meta({ description: "How existing features were treated." }),
    status: ZStatus,
    created_at: zDateTime("When the file was imported."),
  })
  .meta({ id: "FeatureImport", description: "A feature export file applied to an environment." });

export const ZFeatureExportPage = paged(ZFeatureExport, "FeatureExportPage", "feature exports");
export const ZFeatureImportPage = paged(ZFeatureImport, "FeatureImportPage", "feature imports");

export const ZFeatureFileDownload = z
  .array(z.record(z.string(), z.unknown()))
  .meta({ id: "FeatureExportFile", description: "Flagsmith's feature export file: one object per feature." });
