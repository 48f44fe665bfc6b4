// POST /api/v1/auth/login/ — exchange email and password for an API token (failures are rate-limited)
import { withApi } from "@/lib/api/handler";
import { clientAddressOf } from "@/lib/auth/client-address";
import { ZLogin } from "@/lib/auth/schemas";
import { logIn } from "@/lib/auth/users";

export const POST = withApi({ auth: "none", body: ZLogin }, ({ body, request }) =>
  logIn(body, clientAddressOf(request.headers)),
);
