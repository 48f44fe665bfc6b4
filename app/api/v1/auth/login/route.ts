// POST /api/v1/auth/login/ — exchange email and password for an API token (failures are rate-limited)
import { withApi } from "@/lib/route/handler";
import { clientAddressOf } from "@/lib/api/client-address";
import { ZLogin } from "@/lib/auth/schemas";
import { logIn } from "@/lib/auth/users";
import { ok } from "@/lib/openapi/shared";
import { ZAuthToken } from "@/lib/auth/responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "none",
    body: ZLogin,
    openapi: {
      operationId: "logIn",
      summary: "Log in",
      description: "Exchanges an email and password for a new API token; other tokens keep working.",
      tag: "Authentication",
      bodyDocs: { email: "Email address of the account.", password: "Password of the account." },
      responses: {
        200: ok("A new API token.", ZAuthToken),
        400: ok("Missing fields, or wrong credentials (`non_field_errors`).", ZBadRequest),
        429: ok(
          "Too many failed sign-ins for this account or from this address (`Request was throttled. Expected available in N seconds.`); `Retry-After` says when to try again.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ body, request }) => logIn(body, clientAddressOf(request.headers)),
);
