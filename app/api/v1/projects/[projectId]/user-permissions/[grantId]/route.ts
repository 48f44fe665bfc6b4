// GET/PUT/PATCH/DELETE /api/v1/projects/{projectId}/user-permissions/{id}/ — one user grant on this project
import { grantRoutes } from "@/lib/route/grant-routes";

export const { GET, PUT, PATCH, DELETE } = grantRoutes("project", "user");
