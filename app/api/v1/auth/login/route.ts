// POST /api/v1/auth/login/ — exchange email and password for an API token
import { withApi } from "@/lib/api/handler";
import { ZLogin } from "@/lib/auth/schemas";
import { logIn } from "@/lib/auth/users";

export const POST = withApi({ auth: "none", body: ZLogin }, ({ body }) => logIn(body));
