// GET /api/v1/swagger.yaml — the OpenAPI 3.1 description as YAML
import { withApi } from "@/lib/route/handler";
import { openApiYamlResponse } from "@/lib/openapi/docs-page";

export const GET = withApi({ auth: "none" }, () => openApiYamlResponse());
