// GET /api/v1/environments/{apiKey}/user-detailed-permissions/{userId}/ — a member's permissions on this environment and their sources
import { withApi } from "@/lib/route/handler";
import { askingAboutThemselves, environmentUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZEnvironmentUserParams } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserDetailedPermissions } from "@/lib/permissions/detailed-responses";

// An admin of the environment may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey, orIf: askingAboutThemselves },
    params: ZEnvironmentUserParams,
    openapi: {
      operationId: "getEnvironmentUserDetailedPermissions",
      summary: "Get a member's permissions on an environment, with their sources",
      description:
        "Any member may ask about themselves; about another member, only an admin of the environment. Each key says whether the member's own grant gives it and which groups do; admin says whether it comes from the member (organisation admin, own admin grant) or which groups give it.",
      tag: "Members and permissions",
      responses: {
        200: ok("The member's permissions and their sources.", ZUserDetailedPermissions),
        403: forbidden("The user is someone else and the caller is not an admin of the environment"),
        404: notFound("The environment, or the user in its organisation,"),
      },
    },
  },
  ({ params }) => environmentUserDetailedPermissions({ userId: params.userId, apiKey: params.apiKey }),
);
