// GET/PUT/PATCH/DELETE /api/v1/environments/{apiKey}/user-permissions/{id}/ — one user grant on this environment
import { grantRoutes } from "@/lib/route/grant-routes";

export const { GET, PUT, PATCH, DELETE } = grantRoutes("environment", "user");
