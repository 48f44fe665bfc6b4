// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/ — one environment and its settings
import { withApi, withDocs } from "@/lib/route/handler";
import { deleteEnvironment, getEnvironment, updateEnvironment } from "@/lib/environments/environments";
import { ZEnvironmentParams, ZEnvironmentUpdate } from "@/lib/environments/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZEnvironment } from "@/lib/wire/environment";
import { ZBadRequest } from "@/lib/api/response-schemas";

const params = ZEnvironmentParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getEnvironment",
      summary: "Get an environment",
      tag: "Environments",
      responses: { 200: ok("The environment.", ZEnvironment), 404: notFound("The environment") },
    },
  },
  ({ user, params }) => getEnvironment(user.id, params.apiKey),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params,
    body: ZEnvironmentUpdate,
    openapi: {
      operationId: "updateEnvironment",
      summary: "Update an environment",
      tag: "Environments",
      bodyDocs: {
        name: "Name of the environment, unique in its project.",
        description: "Description; null clears it.",
        banner_text: "Banner shown in the dashboard for this environment; null clears it.",
        banner_colour: "Colour of the banner, e.g. `#FF0000`; null clears it.",
        minimum_change_request_approvals: "Approvals a change request needs; null turns change requests off.",
        allow_client_traits: "Whether client-side keys may set identity traits (default true).",
        hide_disabled_flags:
          "Whether SDKs receive only enabled flags; null follows the project (default null).",
        hide_sensitive_data: "Whether SDK responses leave out ids, descriptions and traits (default false).",
        use_identity_composite_key_for_hashing:
          "Whether percentage splits hash `<api_key>_<identifier>` rather than the identity id (default true).",
        use_identity_overrides_in_local_eval:
          "Whether the environment document carries identity overrides for local evaluation (default true).",
        is_protected:
          "Ensign extension (not in Flagsmith): whether the dashboard asks for confirmation before every change in this environment (default false).",
      },
      responses: {
        200: ok("The updated environment.", ZEnvironment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A duplicate name is a `non_field_errors`.",
          ZBadRequest,
        ),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => updateEnvironment(user.id, params.apiKey, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateEnvironment",
  summary: "Partially update an environment",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params,
    status: 204,
    openapi: {
      operationId: "deleteEnvironment",
      summary: "Delete an environment",
      description: "Deletes the environment with its feature states, identities and keys.",
      tag: "Environments",
      responses: { 204: noContent("The environment is deleted."), 404: notFound("The environment") },
    },
  },
  ({ user, params }) => deleteEnvironment(user.id, params.apiKey),
);
