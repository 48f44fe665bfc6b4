// POST /api/v1/environments/{api_key}/clone/ — a new environment with this one's settings and flags
import { withApi } from "@/lib/route/handler";
import { cloneEnvironment } from "@/lib/environments/clone";
import { ZEnvironmentClone, ZEnvironmentParams } from "@/lib/environments/schemas";
import { ZEnvironment } from "@/lib/wire/environment";
import { projectOfEnvironmentKey } from "@/lib/permissions/scope";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_ENVIRONMENT", of: (c) => projectOfEnvironmentKey(c.params.apiKey) },
    params: ZEnvironmentParams,
    body: ZEnvironmentClone,
    openapi: {
      operationId: "cloneEnvironment",
      summary: "Clone an environment",
      description:
        "Copies the settings, environment defaults, segment overrides (with their priorities) and multivariate weights into a new environment with new keys; not identities or identity overrides. The caller administers the clone. Answers 200, as Flagsmith does.",
      tag: "Environments",
      responses: {
        200: ok("The new environment.", ZEnvironment),
        400: invalidBody,
        403: forbidden("The caller may not create environments in its project"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => cloneEnvironment(user.id, params.apiKey, body.name),
);
