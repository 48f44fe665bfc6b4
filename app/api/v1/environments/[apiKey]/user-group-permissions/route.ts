// GET/POST /api/v1/environments/{apiKey}/user-group-permissions/ — group grants on this environment; grant one
import { grantListRoutes } from "@/lib/route/grant-routes";

export const { GET, POST } = grantListRoutes("environment", "group");
