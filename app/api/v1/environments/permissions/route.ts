// GET /api/v1/environments/permissions/ — the permission keys that can be granted on an environment
import { withApi } from "@/lib/route/handler";
import { permissionList } from "@/lib/permissions/keys";
import { ok } from "@/lib/openapi/shared";
import { ZPermissionKeys } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    openapi: {
      operationId: "listEnvironmentPermissionKeys",
      summary: "List the permission keys of environments",
      tag: "Members and permissions",
      responses: { 200: ok("The keys.", ZPermissionKeys) },
    },
  },
  () => permissionList("environment"),
);
