// POST /api/v1/auth/logout/ — revoke the token this request came with
import { withApi } from "@/lib/api/handler";
import { logOut } from "@/lib/auth/users";

export const POST = withApi(
  { auth: "user", allowApiKey: false, permission: { member: true }, status: 204 },
  ({ user }) => logOut(user),
);
