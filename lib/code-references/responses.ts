// Response schemas of the code references endpoints (Flagsmith's projects/code_references
// serializers) and of the features list's code_references_counts.
import { z } from "zod";
import { zDateTime, zInt, zText } from "@/lib/api/response-schemas";
import { VCS_PROVIDERS } from "./schemas";

const zProvider = z.enum(VCS_PROVIDERS).meta({ description: "Who hosts the repository." });

export const ZCodeReferencesCount = z
  .strictObject({
    repository_url: zText("Web address of the repository."),
    count: zInt("References the repository's latest scan found (0 when it no longer found the feature)."),
    last_successful_repository_scanned_at: zDateTime("When the repository was last scanned."),
    last_feature_found_at: zDateTime("When a scan of the repository last found the feature."),
  })
  .meta({ id: "CodeReferencesCount", description: "A feature's references in one repository." });

const ZSubmittedReference = z.strictObject({
  feature_name: zText("Name of the flag found."),
  file_path: zText("File the name was found in, relative to the repository."),
  line_number: zInt("Line of the file (from 1)."),
});

export const ZCodeReferencesScanResult = z
  .strictObject({
    created_at: zDateTime("When the scan was recorded."),
    project: zInt("Id of the project."),
    repository_url: zText("Web address of the scanned repository."),
    vcs_provider: zProvider,
    revision: zText("The scanned commit."),
    code_references: z.array(ZSubmittedReference).meta({ description: "The references as submitted." }),
  })
  .meta({ id: "CodeReferencesScan", description: "A recorded code references scan." });

export const ZFeatureCodeReferences = z
  .array(
    z.strictObject({
      repository_url: zText("Web address of the repository."),
      vcs_provider: zProvider,
      revision: zText("The commit of the repository's latest scan."),
      last_successful_repository_scanned_at: zDateTime("When the repository was last scanned."),
      last_feature_found_at: zDateTime("When a scan of the repository last found the feature."),
      code_references: z
        .array(ZSubmittedReference.extend({ permalink: zText("Link to the line at the scanned commit.") }))
        .meta({ description: "Where the latest scan found the feature." }),
    }),
  )
  .meta({
    id: "FeatureCodeReferences",
    description: "Per repository whose latest scan found the feature, the places it was found.",
  });
