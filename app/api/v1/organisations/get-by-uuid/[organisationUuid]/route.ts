// GET /api/v1/organisations/get-by-uuid/{uuid}/ — an organisation of the caller, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZOrganisationUuidParams } from "@/lib/uuid/schemas";
import { getOrganisationByUuid } from "@/lib/uuid/lookups";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZOrganisation } from "@/lib/organisations/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationUuidParams,
    openapi: {
      operationId: "getOrganisationByUuid",
      summary: "Get an organisation by its uuid",
      description: "The same answer as the organisation by id; the caller must be a member.",
      tag: "Organisations",
      responses: { 200: ok("The organisation.", ZOrganisation), 404: notFound("The organisation") },
    },
  },
  ({ user, params }) => getOrganisationByUuid(user.id, params.organisationUuid),
);
