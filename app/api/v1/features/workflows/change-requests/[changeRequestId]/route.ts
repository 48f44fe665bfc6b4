// GET/PUT/PATCH/DELETE /api/v1/features/workflows/change-requests/{id}/ — one change request of an environment
import { withApi, withDocs } from "@/lib/route/handler";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import {
  deleteChangeRequest,
  getChangeRequest,
  updateChangeRequest,
} from "@/lib/change-requests/change-requests";
import { ZChangeRequest } from "@/lib/change-requests/responses";
import { ZChangeRequestParams, ZChangeRequestUpdate } from "@/lib/change-requests/schemas";

const params = ZChangeRequestParams;
const of = (c: { params: { changeRequestId: number } }) =>
  environmentOfChangeRequest(c.params.changeRequestId);

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of },
    params,
    openapi: {
      operationId: "getChangeRequest",
      summary: "Get a change request",
      description: "With its proposed states, approvals, `is_approved`, and `conflicts` with the live state.",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZChangeRequest),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => getChangeRequest(params.changeRequestId),
);

export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "CREATE_CHANGE_REQUEST", of },
    params,
    body: ZChangeRequestUpdate,
    openapi: {
      operationId: "updateChangeRequest",
      summary: "Edit a change request",
      description:
        "Fields sent change (PUT works as PATCH). New `feature_states` drop the approvals and a rejection. A committed request cannot be edited (400).",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZChangeRequest),
        400: ok("Invalid body, or the request is committed.", ZBadRequest),
        403: forbidden("The caller lacks CREATE_CHANGE_REQUEST"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params, body }) => updateChangeRequest(params.changeRequestId, body),
);

export const PATCH = withDocs(PUT, {
  operationId: "patchChangeRequest",
  summary: "Edit part of a change request",
});

export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "CREATE_CHANGE_REQUEST", of },
    params,
    status: 204,
    openapi: {
      operationId: "deleteChangeRequest",
      summary: "Delete a change request",
      description: "A committed request cannot be deleted (400).",
      tag: "Change requests",
      responses: {
        204: noContent("Deleted."),
        400: ok("The request is committed.", ZBadRequest),
        403: forbidden("The caller lacks CREATE_CHANGE_REQUEST"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => deleteChangeRequest(params.changeRequestId),
);
