// POST /api/v1/auth/token/ — regenerate the API token (revokes every other); DELETE revokes the current one
import { withApi } from "@/lib/api/handler";
import { logOut, rotateToken } from "@/lib/auth/users";

const permission = { member: true } as const;

export const POST = withApi({ auth: "user", allowApiKey: false, permission }, ({ user }) =>
  rotateToken(user.id),
);
export const DELETE = withApi({ auth: "user", allowApiKey: false, permission, status: 204 }, ({ user }) =>
  logOut(user),
);
