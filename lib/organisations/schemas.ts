import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

export const ZOrganisationCreate = z.object({
  name: z.string().trim().min(1).max(2000),
  persist_trait_data: z.boolean().optional(),
  stop_serving_flags: z.boolean().optional(),
  feature_analytics: z.boolean().optional(),
});
export type TOrganisationCreate = z.infer<typeof ZOrganisationCreate>;

export const ZOrganisationUpdate = ZOrganisationCreate.partial();
export type TOrganisationUpdate = z.infer<typeof ZOrganisationUpdate>;

export const ZOrganisationParams = pathParams({ organisationId: zId });
