// Path parameters of the get-by-uuid lookups, one name per kind of object (the route walks
// fill each from the object it names). Flagsmith's URL patterns take hex digits and hyphens
// only; anything else matches no route, so the wrapper answers 404 (lib/api/params.ts).
import { z } from "zod";
import { pathParams } from "@/lib/api/params";

const zUuid = z.string().regex(/^[0-9a-f-]{1,64}$/);

export const ZOrganisationUuidParams = pathParams({ organisationUuid: zUuid });
export const ZProjectUuidParams = pathParams({ projectUuid: zUuid });
export const ZEnvironmentUuidParams = pathParams({ environmentUuid: zUuid });
export const ZFeatureUuidParams = pathParams({ featureUuid: zUuid });
export const ZSegmentUuidParams = pathParams({ segmentUuid: zUuid });
export const ZOptionUuidParams = pathParams({ optionUuid: zUuid });
export const ZFeatureStateUuidParams = pathParams({ featureStateUuid: zUuid });
