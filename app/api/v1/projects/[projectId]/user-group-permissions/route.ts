// GET/POST /api/v1/projects/{projectId}/user-group-permissions/ — group grants on this project; grant one
import { grantListRoutes } from "@/lib/route/grant-routes";

export const { GET, POST } = grantListRoutes("project", "group");
