import { z } from "zod";
import { ZPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";
import { isDbInt } from "@/lib/api/query-int";

/**
 * The environment of the versions paths: Flagsmith's take its integer id (`environment_pk`,
 * as Backstage and the Terraform-era tools send it), Ensign's dashboard its key. Digits are
 * the id (no generated key is all digits), anything else the key.
 */
const zEnvironmentRef = z
  .string()
  .min(1)
  .max(100)
  .transform((s): string | number => (/^\d{1,10}$/.test(s) && isDbInt(Number(s)) ? Number(s) : s));

export const ZFeatureVersionsParams = pathParams({
  apiKey: zEnvironmentRef,
  featureId: zId,
});

export const ZFeatureVersionParams = pathParams({
  apiKey: zEnvironmentRef,
  featureId: zId,
  versionUuid: z.string().min(1).max(100).describe("Uuid of the version"),
});
export const ZFeatureVersionListQuery = ZPageQuery;

export const ZFeatureVersionCompareQuery = z.object({
  compare_with: z.string().min(1).max(100).describe("Uuid of the version to compare with (the older side)"),
});
export type TFeatureVersionCompareQuery = z.infer<typeof ZFeatureVersionCompareQuery>;
