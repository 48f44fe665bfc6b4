// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/ — one organisation (changes need its admin role)
import { withApi, withDocs } from "@/lib/route/handler";
import { deleteOrganisation, getOrganisation, updateOrganisation } from "@/lib/organisations/organisations";
import { ZOrganisationParams, ZOrganisationUpdate } from "@/lib/organisations/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZOrganisation } from "@/lib/organisations/responses";

const params = ZOrganisationParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params,
    openapi: {
      operationId: "getOrganisation",
      summary: "Get an organisation",
      tag: "Organisations",
      responses: { 200: ok("The organisation.", ZOrganisation), 404: notFound("The organisation") },
    },
  },
  ({ user, params }) => getOrganisation(user.id, params.organisationId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZOrganisationUpdate,
    openapi: {
      operationId: "updateOrganisation",
      summary: "Update an organisation",
      tag: "Organisations",
      bodyDocs: {
        name: "Name of the organisation.",
        persist_trait_data: "Whether identity traits sent by SDKs are stored (default true).",
        stop_serving_flags:
          "Whether SDK endpoints refuse every request of this organisation (default false).",
        feature_analytics: "Whether flag evaluation analytics are recorded (default false).",
      },
      responses: {
        200: ok("The updated organisation.", ZOrganisation),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body }) => updateOrganisation(user.id, params.organisationId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateOrganisation",
  summary: "Partially update an organisation",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteOrganisation",
      summary: "Delete an organisation",
      description: "Deletes the organisation with its projects, environments and everything in them.",
      tag: "Organisations",
      responses: {
        204: noContent("The organisation is deleted."),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params }) => deleteOrganisation(user.id, params.organisationId),
);
