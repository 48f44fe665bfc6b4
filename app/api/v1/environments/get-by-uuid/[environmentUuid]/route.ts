// GET /api/v1/environments/get-by-uuid/{uuid}/ — an environment, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZEnvironmentUuidParams } from "@/lib/uuid/schemas";
import { getEnvironmentByUuid } from "@/lib/uuid/lookups";
import { environmentOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZEnvironment } from "@/lib/wire/environment";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: async (c) => (await environmentOfUuid(c.params.environmentUuid)).id,
    },
    params: ZEnvironmentUuidParams,
    openapi: {
      operationId: "getEnvironmentByUuid",
      summary: "Get an environment by its uuid",
      description: "The same answer as the environment by its key.",
      tag: "Environments",
      responses: {
        200: ok("The environment.", ZEnvironment),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT on the environment"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params }) => getEnvironmentByUuid(user.id, params.environmentUuid),
);
