// GET /api/v1/organisations/permissions/ — the permission keys that can be granted on an organisation
import { withApi } from "@/lib/api/handler";
import { permissionList } from "@/lib/permissions/keys";

export const GET = withApi({ auth: "user", permission: { member: true } }, () =>
  permissionList("organisation"),
);
