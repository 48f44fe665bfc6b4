// POST /api/v1/traits/increment-value/ — legacy: add to an integer trait of an identity
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitIncrement } from "@/lib/sdk/traits";
import { ZTraitIncrementBody } from "@/lib/sdk/requests";
import { forbidden, ok } from "@/lib/openapi/shared";
import { ZTraitIncremented } from "@/lib/sdk/responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "incrementTrait",
      summary: "Increment an integer trait (legacy)",
      tag: "SDK",
      sdk: { security: "environmentKey", body: ZTraitIncrementBody },
      responses: {
        200: ok("The trait's new value.", ZTraitIncremented),
        400: ok(
          "A field is missing or invalid, the stored trait is not an integer (`non_field_errors`), or not JSON.",
          ZBadRequest,
        ),
        403: forbidden(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags. Also for a client-side key when the environment does not allow client traits, or an organisation that does not persist traits",
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleTraitIncrement),
);
export const OPTIONS = preflight;
