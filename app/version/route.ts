// GET /version/ — the deployment's version, unauthenticated, as Flagsmith's probe answers it
import { withApi } from "@/lib/route/handler";
import { ok } from "@/lib/openapi/shared";
import { getVersionInfo } from "@/lib/version/version-info";
import { ZVersionInfo } from "@/lib/version/responses";

export const GET = withApi(
  {
    auth: "none",
    openapi: {
      operationId: "getVersionInfo",
      summary: "Version of the deployment",
      description:
        "Unauthenticated, outside `/api/v1` as in Flagsmith. `image_tag` is Ensign's version; flagsmith-cli reads it.",
      tag: "Health",
      responses: { 200: ok("The version information.", ZVersionInfo) },
    },
  },
  () => getVersionInfo(),
);
