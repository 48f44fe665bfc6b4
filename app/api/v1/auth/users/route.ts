// POST /api/v1/auth/users/ — sign up; answers the new user with an API token
import { withApi } from "@/lib/route/handler";
import { clientAddressOf } from "@/lib/api/client-address";
import { ZSignUp } from "@/lib/auth/schemas";
import { signUp } from "@/lib/auth/users";
import { ok } from "@/lib/openapi/shared";
import { ZSignedUpUser } from "@/lib/auth/responses";

export const POST = withApi(
  {
    auth: "none",
    body: ZSignUp,
    status: 201,
    openapi: {
      operationId: "signUp",
      summary: "Sign up",
      description:
        "Creates an account and answers it with its first API token. With `invite_hash` (an email invitation for this email, or an invite link) the account joins that organisation, even where sign-up is otherwise turned off (ENSIGN_PREVENT_SIGNUP).",
      tag: "Authentication",
      bodyDocs: {
        email: "Email address; the login name. Unique, case-insensitive.",
        password: "Password: at least 8 characters and at most 72 bytes (bcrypt reads no more).",
        first_name: "First name (at most 30 characters).",
        last_name: "Last name (at most 150 characters).",
      },
      responses: { 201: ok("The new user with an API token.", ZSignedUpUser) },
    },
  },
  ({ body, request }) => signUp(body, clientAddressOf(request.headers)),
);
