// POST /api/v1/auth/logout/ — revoke the token this request came with
import { withApi } from "@/lib/route/handler";
import { logOut } from "@/lib/auth/users";
import { noContent } from "@/lib/openapi/shared";

export const POST = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { member: true },
    status: 204,
    openapi: {
      operationId: "logOut",
      summary: "Log out",
      description: "Revokes the token the request was made with.",
      tag: "Authentication",
      responses: { 204: noContent("The token is revoked.") },
    },
  },
  ({ user }) => logOut(user),
);
