// GET /api/v1/environments/permissions/ — the permission keys that can be granted on an environment
import { withApi } from "@/lib/api/handler";
import { permissionList } from "@/lib/permissions/keys";

export const GET = withApi({ auth: "user", permission: { member: true } }, () =>
  permissionList("environment"),
);
