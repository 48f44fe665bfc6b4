// GET /api/v1/auth/config/ — what the sign-in page needs before anyone is signed in
import { withApi } from "@/lib/api/handler";
import { getAuthConfig } from "@/lib/auth/users";

export const GET = withApi({ auth: "none" }, () => getAuthConfig());
