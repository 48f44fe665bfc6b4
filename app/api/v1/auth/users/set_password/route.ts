// POST /api/v1/auth/users/set_password/ — change the password (djoser's set_password); ends other sessions and tokens
import { withApi } from "@/lib/api/handler";
import { clientAddressOf } from "@/lib/auth/client-address";
import { setPassword } from "@/lib/auth/password-change";
import { ZSetPassword } from "@/lib/auth/schemas";

export const POST = withApi(
  { auth: "user", allowApiKey: false, permission: { member: true }, body: ZSetPassword, status: 204 },
  ({ user, body, request }) => setPassword(user, body, clientAddressOf(request.headers)),
);
