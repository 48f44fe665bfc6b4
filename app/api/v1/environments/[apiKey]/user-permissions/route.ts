// GET/POST /api/v1/environments/{apiKey}/user-permissions/ — user grants on this environment; grant one
import { grantListRoutes } from "@/lib/route/grant-routes";

export const { GET, POST } = grantListRoutes("environment", "user");
