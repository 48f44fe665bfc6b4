// GET/PATCH /api/v1/auth/users/me/ — the signed-in user and their account settings
import { withApi } from "@/lib/api/handler";
import { ZUserUpdate } from "@/lib/auth/schemas";
import { getMe, updateMe } from "@/lib/auth/users";

const permission = { member: true } as const;

export const GET = withApi({ auth: "user", allowApiKey: false, permission }, ({ user }) => getMe(user.id));
export const PATCH = withApi(
  { auth: "user", allowApiKey: false, permission, body: ZUserUpdate },
  ({ user, body }) => updateMe(user.id, body),
);
