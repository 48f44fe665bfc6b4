// GET/PUT/PATCH/DELETE /api/v1/projects/{projectId}/user-group-permissions/{id}/ — one group grant on this project
import { grantRoutes } from "@/lib/route/grant-routes";

export const { GET, PUT, PATCH, DELETE } = grantRoutes("project", "group");
