// GET /api/v1/organisations/permissions/ — the permission keys that can be granted on an organisation
import { withApi } from "@/lib/route/handler";
import { permissionList } from "@/lib/permissions/keys";
import { ok } from "@/lib/openapi/shared";
import { ZPermissionKeys } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    openapi: {
      operationId: "listOrganisationPermissionKeys",
      summary: "List the permission keys of organisations",
      tag: "Members and permissions",
      responses: { 200: ok("The keys.", ZPermissionKeys) },
    },
  },
  () => permissionList("organisation"),
);
