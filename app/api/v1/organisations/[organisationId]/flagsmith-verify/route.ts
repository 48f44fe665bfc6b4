// POST /api/v1/organisations/{id}/flagsmith-verify/ — compare Ensign with the Flagsmith source (organisation admins)
import { withApi } from "@/lib/route/handler";
import { startFlagsmithVerify } from "@/lib/migration/jobs";
import { ZFlagsmithVerifyCreate, ZMigrationParams } from "@/lib/migration/schemas";
import { ZImportRun } from "@/lib/migration/responses";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      organisation: "ADMIN",
      of: (c: { params: { organisationId: number } }) => c.params.organisationId,
    },
    params: ZMigrationParams,
    body: ZFlagsmithVerifyCreate,
    status: 202,
    openapi: {
      operationId: "startFlagsmithVerify",
      summary: "Verify Ensign against the Flagsmith source",
      description:
        "Compares /api/v1/flags/ of every imported environment and /api/v1/identities/ of every imported and sampled identity, in the background; GET flagsmith-import/ shows the differences. With interval_minutes it repeats.",
      tag: "Moving to Ensign",
      responses: {
        202: ok("The verification, started.", ZImportRun),
        400: invalidBody,
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body }) =>
    startFlagsmithVerify({ userId: user.id, organisationId: params.organisationId }, body),
);
