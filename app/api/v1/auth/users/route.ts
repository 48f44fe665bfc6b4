// POST /api/v1/auth/users/ — sign up; answers the new user with an API token
import { withApi } from "@/lib/api/handler";
import { clientAddressOf } from "@/lib/auth/client-address";
import { ZSignUp } from "@/lib/auth/schemas";
import { signUp } from "@/lib/auth/users";

export const POST = withApi({ auth: "none", body: ZSignUp, status: 201 }, ({ body, request }) =>
  signUp(body, clientAddressOf(request.headers)),
);
