// GET/POST /api/v1/environments/ — a project's environments (?project= required); create one
import { withApi } from "@/lib/route/handler";
import { createEnvironment, listEnvironments } from "@/lib/environments/environments";
import { ZEnvironmentCreate, ZEnvironmentListQuery } from "@/lib/environments/schemas";
import { forbidden, invalidPage, ok } from "@/lib/openapi/shared";
import { ZEnvironmentPage } from "@/lib/environments/responses";
import { ZEnvironment } from "@/lib/wire/environment";
import { ZBadRequest, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    query: ZEnvironmentListQuery,
    openapi: {
      operationId: "listEnvironments",
      summary: "List the environments of a project",
      description: "10 per page. `project` is required.",
      tag: "Environments",
      responses: {
        200: ok("A page of environments.", ZEnvironmentPage),
        400: ok(
          "`project` is missing or not a number (a bare list: `Invalid or missing value for project parameter.`), or `page` is invalid.",
          z.union([ZErrorList, ZValidationErrors]),
        ),
        403: forbidden("The project does not exist or is not visible to the caller"),
        404: invalidPage,
      },
    },
  },
  ({ user, request, query }) => listEnvironments(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_ENVIRONMENT", of: (c) => c.body.project, hidden: 403 },
    body: ZEnvironmentCreate,
    status: 201,
    openapi: {
      operationId: "createEnvironment",
      summary: "Create an environment",
      description: "The new environment gets a state for every feature of the project.",
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
        project: "Id of the project to create the environment in.",
      },
      responses: {
        201: ok("The created environment, with its environment key.", ZEnvironment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A duplicate name is a `non_field_errors`.",
          ZBadRequest,
        ),
        403: forbidden("The project does not exist or is not visible to the caller"),
      },
    },
  },
  ({ user, body }) => createEnvironment(user.id, body),
);
