// POST /api/v1/auth/users/set_password/ — change the password (djoser's set_password); ends other sessions and tokens
import { withApi } from "@/lib/route/handler";
import { clientAddressOf } from "@/lib/api/client-address";
import { setPassword } from "@/lib/auth/password-change";
import { ZSetPassword } from "@/lib/auth/schemas";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { member: true },
    body: ZSetPassword,
    status: 204,
    openapi: {
      operationId: "setPassword",
      summary: "Change the password",
      description:
        "Changes the signed-in user's password (djoser's `set_password`). Every other dashboard session and every other API token of the user ends; the session or token the request came with keeps working. A wrong current password counts as a failed sign-in.",
      tag: "Authentication",
      bodyDocs: {
        current_password: "The password now.",
        new_password: "The new password: at least 8 characters and at most 72 bytes.",
        re_new_password: "The new password again.",
      },
      responses: {
        204: noContent("The password is changed."),
        400: ok(
          "A wrong current password (`current_password: Invalid password.`), a new password that is too short or too long, or two new passwords that differ (`non_field_errors`).",
          ZBadRequest,
        ),
        429: ok(
          "Too many failed sign-ins for this account or from this address (`Request was throttled. Expected available in N seconds.`); `Retry-After` says when to try again.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, body, request }) => setPassword(user, body, clientAddressOf(request.headers)),
);
