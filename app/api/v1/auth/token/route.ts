// POST /api/v1/auth/token/ — regenerate the API token (revokes every other); DELETE revokes the current one
import { withApi } from "@/lib/route/handler";
import { logOut, rotateToken } from "@/lib/auth/users";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZAuthToken } from "@/lib/auth/responses";

const permission = { member: true } as const;

export const POST = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    openapi: {
      operationId: "regenerateToken",
      summary: "Regenerate the API token",
      description: "Revokes every token of the user and answers a new one.",
      tag: "Authentication",
      responses: { 200: ok("The new token.", ZAuthToken) },
    },
  },
  ({ user }) => rotateToken(user.id),
);
export const DELETE = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    status: 204,
    openapi: {
      operationId: "revokeToken",
      summary: "Revoke the current token",
      tag: "Authentication",
      responses: { 204: noContent("The token is revoked.") },
    },
  },
  ({ user }) => logOut(user),
);
