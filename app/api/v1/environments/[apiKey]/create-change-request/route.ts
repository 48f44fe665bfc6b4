// POST /api/v1/environments/{api_key}/create-change-request/ — propose a change of the environment's flags
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { createChangeRequest } from "@/lib/change-requests/change-requests";
import { ZChangeRequest } from "@/lib/change-requests/responses";
import { ZChangeRequestCreate, ZEnvironmentChangeRequestsParams } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "CREATE_CHANGE_REQUEST", of: (c) => c.params.apiKey },
    params: ZEnvironmentChangeRequestsParams,
    body: ZChangeRequestCreate,
    status: 201,
    openapi: {
      operationId: "createChangeRequest",
      summary: "Create a change request",
      description:
        "Proposes feature states (environment default or existing segment overrides) of the environment. Fields left out of a state are the live state's. Assigned reviewers (`approvals`) and members of assigned groups are emailed.",
      tag: "Change requests",
      responses: {
        201: ok("The change request.", ZChangeRequest),
        400: invalidBody,
        403: forbidden("The caller lacks CREATE_CHANGE_REQUEST"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => createChangeRequest(user.id, params.apiKey, body),
);
