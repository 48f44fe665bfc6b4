// GET /api/v1/projects/permissions/ — the permission keys that can be granted on a project
import { withApi } from "@/lib/api/handler";
import { permissionList } from "@/lib/permissions/keys";

export const GET = withApi({ auth: "user", permission: { member: true } }, () => permissionList("project"));
