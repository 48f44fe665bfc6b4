// GET/POST /api/v1/organisations/{organisationId}/user-group-permissions/ — group grants on this organisation; grant one
import { grantListRoutes } from "@/lib/route/grant-routes";

export const { GET, POST } = grantListRoutes("organisation", "group");
