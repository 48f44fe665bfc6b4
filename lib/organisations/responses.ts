import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

export const ZOrganisation = z
  .strictObject({
    id: zInt("Numeric id of the organisation."),
    uuid: zUuid("UUID of the organisation."),
    name: zText("Name of the organisation."),
    created_date: zDateTime("When the organisation was created."),
    persist_trait_data: zBool("Whether identity traits sent by SDKs are stored."),
    stop_serving_flags: zBool("Whether SDK endpoints refuse every request of this organisation (403)."),
    feature_analytics: zBool("Whether flag evaluation analytics are recorded."),
    force_2fa: z
      .literal(false)
      .meta({ description: "Always false: Ensign has no two-factor sign-in to force." }),
    restrict_project_create_to_admin: z.literal(false).meta({
      description: "Always false: who may create projects follows the CREATE_PROJECT permission.",
    }),
    role: z
      .enum(["ADMIN", "USER"])
      .nullable()
      .meta({ description: "The caller's role in the organisation; ADMIN may change and delete it." }),
  })
  .meta({ id: "Organisation", description: "An organisation." });

export const ZOrganisationPage = paged(ZOrganisation, "OrganisationPage", "organisations");
