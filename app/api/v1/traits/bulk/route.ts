// PUT /api/v1/traits/bulk/ — legacy: set many traits of many identities; a null value deletes
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { serveSdkRequest } from "@/lib/sdk/http";
import { handleTraitsBulkPut } from "@/lib/sdk/traits";
import { ZTraitBulkBody } from "@/lib/sdk/requests";
import { forbidden, ok } from "@/lib/openapi/shared";
import { ZTraitWrittenList } from "@/lib/sdk/responses";
import { ZBadRequest, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const PUT = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "setTraitsInBulk",
      summary: "Set many traits (legacy)",
      description: "Sets traits of any identities of the environment; `trait_value: null` deletes a trait.",
      tag: "SDK",
      sdk: { security: "environmentKey", body: ZTraitBulkBody },
      responses: {
        200: ok("The traits as written.", ZTraitWrittenList),
        400: ok(
          "The body is not a list (`non_field_errors`), an item is invalid (one error object per item), or not JSON.",
          z.union([ZBadRequest, z.array(ZValidationErrors).meta({ description: "Errors by item." })]),
        ),
        403: forbidden(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags. Also for a client-side key when the environment does not allow client traits, or an organisation that does not persist traits",
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleTraitsBulkPut),
);
export const OPTIONS = preflight;
