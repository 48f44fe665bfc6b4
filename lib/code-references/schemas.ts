// Inputs of the code references endpoints, as Flagsmith's FeatureFlagCodeReferencesScanSerializer
// takes them from the collect-code-references workflow (Flagsmith/ci).
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

/** Linux PATH_MAX, Flagsmith's bound on a reference's file path. */
export const MAX_FILE_PATH_LENGTH = 4096;
/** Django's URLField default. */
export const MAX_REPOSITORY_URL_LENGTH = 200;
/** References one scan may carry (Ensign's bound; the request body limit applies as well). */
export const MAX_CODE_REFERENCES_PER_SCAN = 10_000;
export const VCS_PROVIDERS = ["github"] as const;

const zSubmittedReference = z.object({
  feature_name: z.string().trim().min(1).max(100).describe("The flag name found."),
  file_path: z
    .string()
    .trim()
    .min(1)
    .max(MAX_FILE_PATH_LENGTH)
    .describe("File it was found in, relative to the repository."),
  line_number: z.int().min(1).max(2147483647).describe("Line it was found on (from 1)."),
});

export const ZCodeReferencesScan = z.object({
  repository_url: z
    .url({
      protocol: /^https?$/,
      error: (issue) => (issue.input === undefined ? "This field is required." : "Enter a valid URL."),
    })
    .max(MAX_REPOSITORY_URL_LENGTH)
    .describe("Web address of the scanned repository, e.g. https://github.com/acme/app."),
  vcs_provider: z
    .enum(VCS_PROVIDERS)
    .default("github")
    .describe("Who hosts the repository (permalink format)."),
  revision: z.string().trim().min(1).max(100).describe("The scanned commit."),
  code_references: z
    .array(zSubmittedReference)
    .max(MAX_CODE_REFERENCES_PER_SCAN)
    .describe("Every place a flag name was found; names that are no feature of the project are ignored."),
});
export type TCodeReferencesScan = z.infer<typeof ZCodeReferencesScan>;

export const ZCodeReferencesParams = pathParams({ projectId: zId });
export const ZFeatureCodeReferencesParams = pathParams({ projectId: zId, featureId: zId });
