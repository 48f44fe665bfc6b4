// GET/PUT/PATCH/DELETE /api/v1/organisations/{organisationId}/user-group-permissions/{id}/ — one group grant on this organisation
import { grantRoutes } from "@/lib/route/grant-routes";

export const { GET, PUT, PATCH, DELETE } = grantRoutes("organisation", "group");
