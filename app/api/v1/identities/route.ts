// GET/POST /api/v1/identities/ — an identity's flags (created lazily); POST also stores traits
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleIdentitiesGet } from "@/lib/sdk/identities/get";
import { handleIdentitiesPost } from "@/lib/sdk/identities/post";
import { ZIdentifyBody, ZIdentifyQuery, ZIdentityFlagsQuery } from "@/lib/sdk/requests";
import { ok } from "@/lib/openapi/shared";
import { ZIdentityFlag, ZIdentityFlags } from "@/lib/sdk/responses";
import { ZBadRequest, ZErrorDetail, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const GET = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "getIdentityFlags",
      summary: "Get an identity's flags",
      description:
        "Creates the identity if it is new (unless `transient`) and answers its flags with its stored traits.",
      tag: "SDK",
      sdk: { security: "environmentKey", query: ZIdentityFlagsQuery },
      responses: {
        200: ok(
          'The identity with its flags; one flag with `feature`; `{detail: "Missing identifier"}` without `identifier`.',
          z.union([ZIdentityFlags, ZIdentityFlag, ZErrorDetail]),
        ),
        400: ok("`identifier` is too long.", ZValidationErrors),
        403: ok(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags.",
          ZErrorDetail,
        ),
        404: ok("`feature` names no flag of the environment (`Given feature not found`).", ZErrorDetail),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleIdentitiesGet),
);
export const POST = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "identify",
      summary: "Identify with traits",
      description:
        "Creates the identity if it is new, stores its traits and answers its flags, in one call. Answers 200, not 201.",
      tag: "SDK",
      sdk: { security: "environmentKey", query: ZIdentifyQuery, body: ZIdentifyBody },
      responses: {
        200: ok("The identity with its traits and flags.", ZIdentityFlags),
        400: ok(
          "Invalid fields (traits report one error object per item, `{}` for valid ones), identifiers that disagree, or a body that is not JSON.",
          ZBadRequest,
        ),
        403: ok(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleIdentitiesPost),
);
export const OPTIONS = preflight;
