// GET /api/v1/docs/ — interactive API documentation (Swagger UI)
import { withApi } from "@/lib/route/handler";
import { themeScript } from "@/lib/dashboard/theme";
import { docsPageResponse } from "@/lib/openapi/docs-page";

// Swagger UI marks dark mode with `dark-mode` on <html>, the dashboard with `dark`.
const DOCS_THEME = themeScript(["dark", "dark-mode"]);

export const GET = withApi({ auth: "none" }, () => docsPageResponse(DOCS_THEME));
