// GET/PATCH /api/v1/auth/users/me/ — the signed-in user and their account settings
import { withApi } from "@/lib/route/handler";
import { ZUserUpdate } from "@/lib/auth/schemas";
import { getMe, updateMe } from "@/lib/auth/users";
import { ok } from "@/lib/openapi/shared";
import { ZUser } from "@/lib/auth/responses";

const permission = { member: true } as const;

export const GET = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    openapi: {
      operationId: "getCurrentUser",
      summary: "Get the current user",
      tag: "Authentication",
      responses: { 200: ok("The signed-in user.", ZUser) },
    },
  },
  ({ user }) => getMe(user.id),
);
export const PATCH = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    body: ZUserUpdate,
    openapi: {
      operationId: "updateCurrentUser",
      summary: "Update the current user",
      description: "Changes the name or account settings of the signed-in user; omitted fields stay.",
      tag: "Authentication",
      bodyDocs: {
        first_name: "First name (at most 30 characters).",
        last_name: "Last name (at most 150 characters).",
        json_view: "Whether the dashboard shows raw ids and JSON.",
      },
      responses: { 200: ok("The updated user.", ZUser) },
    },
  },
  ({ user, body }) => updateMe(user.id, body),
);
