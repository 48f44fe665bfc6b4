import { z } from "zod";
import { zDateTime, zInt, zText } from "@/lib/api/response-schemas";

export const ZImportRun = z
  .strictObject({
    id: zInt("Numeric id of the run."),
    kind: z.enum(["IMPORT", "VERIFY"]).meta({ description: "An import or a verification." }),
    source: zText("Base URL and source organisation id."),
    status: z
      .enum(["RUNNING", "DONE", "FAILED", "INTERRUPTED"])
      .meta({ description: "INTERRUPTED and FAILED imports resume where they stopped when started again." }),
    steps_done: zInt("Steps finished."),
    steps_total: zInt("Steps planned (0 until planned)."),
    report: z.record(z.string(), z.unknown()).meta({
      description:
        "Import: copied, updated, skipped (with reasons), recreate, refused (changes not written because change requests are on: 409 change_requests_enabled), gone (what an earlier import copied and the source no longer has: kind, source id, Ensign id, name, removed, reason). Verify: the differences.",
    }),
    error: z.string().nullable().meta({ description: "Why the run failed; null otherwise." }),
    created_at: zDateTime("When the run started."),
    updated_at: zDateTime("When the run last saved its progress."),
  })
  .meta({ id: "ImportRun", description: "An import from Flagsmith, or a verification against it." });

export const ZImportStatus = z
  .strictObject({
    import: ZImportRun.nullable().meta({ description: "The latest import run; null if none." }),
    verify: ZImportRun.nullable().meta({ description: "The latest verification; null if none." }),
  })
  .meta({ id: "ImportStatus", description: "The organisation's latest import and verification." });

export const ZDumpDownload = z
  .array(
    z
      .object({
        model: zText("Django model, app label and name, e.g. `features.feature`."),
        pk: z.int().optional().meta({ description: "Primary key: written only with `keep_ids`." }),
        fields: z
          .record(z.string(), z.unknown())
          .meta({ description: "The row's fields, with natural keys (lists) for references." }),
      })
      .meta({ description: "One row of the dump." }),
  )
  .meta({ id: "FlagsmithDump", description: "Flagsmith's organisation dump: a Django fixture." });
