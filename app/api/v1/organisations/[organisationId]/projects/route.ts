// GET /api/v1/organisations/{id}/projects/ — the organisation's projects the caller may see
import { withApi } from "@/lib/route/handler";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZOrganisationParams } from "@/lib/organisations/schemas";
import { listOrganisationProjects } from "@/lib/projects/projects";
import { ZProjectList } from "@/lib/projects/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationParams,
    openapi: {
      operationId: "listOrganisationProjects",
      summary: "List the projects of an organisation",
      description: "The projects of the organisation the caller may see, oldest first (not paged).",
      tag: "Projects",
      responses: {
        200: ok("The projects.", ZProjectList),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params }) => listOrganisationProjects(user.id, params.organisationId),
);
