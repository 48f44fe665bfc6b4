// GET/POST /api/v1/organisations/ — the caller's organisations; create one (the creator becomes its admin)
import { withApi } from "@/lib/route/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createOrganisation, listOrganisations } from "@/lib/organisations/organisations";
import { ZOrganisationCreate } from "@/lib/organisations/schemas";
import { invalidPage, ok } from "@/lib/openapi/shared";
import { ZOrganisation, ZOrganisationPage } from "@/lib/organisations/responses";

const permission = { member: true } as const;

export const GET = withApi(
  {
    auth: "user",
    permission,
    query: ZPageQuery,
    openapi: {
      operationId: "listOrganisations",
      summary: "List organisations",
      description: "The organisations the caller belongs to, 10 per page.",
      tag: "Organisations",
      responses: { 200: ok("A page of organisations.", ZOrganisationPage), 404: invalidPage },
    },
  },
  ({ user, request, query }) => listOrganisations(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    body: ZOrganisationCreate,
    status: 201,
    openapi: {
      operationId: "createOrganisation",
      summary: "Create an organisation",
      description: "The caller becomes its admin.",
      tag: "Organisations",
      bodyDocs: {
        name: "Name of the organisation.",
        persist_trait_data: "Whether identity traits sent by SDKs are stored (default true).",
        stop_serving_flags:
          "Whether SDK endpoints refuse every request of this organisation (default false).",
        feature_analytics: "Whether flag evaluation analytics are recorded (default false).",
      },
      responses: { 201: ok("The created organisation.", ZOrganisation) },
    },
  },
  ({ user, body }) => createOrganisation(user.id, body),
);
