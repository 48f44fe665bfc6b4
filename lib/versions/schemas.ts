import { z } from "zod";
import { ZPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";

export const ZFeatureVersionsParams = pathParams({
  apiKey: z.string().min(1).max(100),
  featureId: zId,
});

export const ZFeatureVersionParams = pathParams({
  apiKey: z.string().min(1).max(100),
  featureId: zId,
  versionUuid: z.string().min(1).max(100).describe("Uuid of the version"),
});
export const ZFeatureVersionListQuery = ZPageQuery;

export const ZFeatureVersionCompareQuery = z.object({
  compare_with: z.string().min(1).max(100).describe("Uuid of the version to compare with (the older side)"),
});
export type TFeatureVersionCompareQuery = z.infer<typeof ZFeatureVersionCompareQuery>;
