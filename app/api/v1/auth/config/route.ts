// GET /api/v1/auth/config/ — what the sign-in page needs before anyone is signed in
import { withApi } from "@/lib/route/handler";
import { getAuthConfig } from "@/lib/auth/users";
import { ok } from "@/lib/openapi/shared";
import { ZAuthConfig } from "@/lib/auth/responses";

export const GET = withApi(
  {
    auth: "none",
    openapi: {
      operationId: "getAuthConfig",
      summary: "Sign-in configuration",
      description: "Whether accounts exist (the dashboard's first-run path) and whether sign-up is open.",
      tag: "Authentication",
      responses: { 200: ok("The sign-in configuration.", ZAuthConfig) },
    },
  },
  () => getAuthConfig(),
);
