// GET /api/v1/environments/{apiKey}/user-detailed-permissions/{userId}/ — a member's permissions on this environment and their sources
import { withApi } from "@/lib/api/handler";
import { askingAboutThemselves, environmentUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZEnvironmentUserParams } from "@/lib/permissions/schemas";

// An admin of the environment may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey, orIf: askingAboutThemselves },
    params: ZEnvironmentUserParams,
  },
  ({ params }) => environmentUserDetailedPermissions({ userId: params.userId, apiKey: params.apiKey }),
);
