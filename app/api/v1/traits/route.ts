// POST /api/v1/traits/ — legacy: set one trait of an identity (created if needed)
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitPost } from "@/lib/sdk/traits";
import { ZTraitWriteBody } from "@/lib/sdk/requests";
import { forbidden, ok } from "@/lib/openapi/shared";
import { ZTraitWritten } from "@/lib/sdk/responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "setTrait",
      summary: "Set a trait (legacy)",
      description:
        "Sets one trait of an identity, created if new. Older SDKs call this; current ones use `POST /api/v1/identities/`.",
      tag: "SDK",
      sdk: { security: "environmentKey", body: ZTraitWriteBody },
      responses: {
        200: ok("The trait as written.", ZTraitWritten),
        400: ok("A field is missing or invalid, or the body is not JSON.", ZBadRequest),
        403: forbidden(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags. Also for a client-side key when the environment does not allow client traits, or an organisation that does not persist traits",
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleTraitPost),
);
export const OPTIONS = preflight;
