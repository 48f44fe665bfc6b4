// The interactive documentation page: Swagger UI, served by Ensign itself from the
// swagger-ui-dist package (no CDN: the machine running Ensign may be offline).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DOCS_CSS, DOCS_INITIALISER } from "./docs-assets";
import { getOpenApiJson, getOpenApiYaml } from "./document";

const ASSET_BASE = "/api/v1/docs/assets";

/** The page, with the script that applies the dashboard's light or dark choice before it paints. */
const page = (themeScript: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ensign API documentation</title>
<script>${themeScript}</script>
<link rel="stylesheet" href="${ASSET_BASE}/swagger-ui.css">
<link rel="stylesheet" href="${ASSET_BASE}/ensign-docs.css">
</head>
<body>
<nav class="ensign-docs-bar" aria-label="Ensign">
<div>
<a class="ensign-docs-home" href="/">Ensign dashboard</a>
<span>OpenAPI description: <a href="/api/v1/swagger.json">swagger.json</a> · <a href="/api/v1/swagger.yaml">swagger.yaml</a></span>
</div>
</nav>
<div id="swagger-ui"></div>
<script src="${ASSET_BASE}/swagger-ui-bundle.js"></script>
<script src="${ASSET_BASE}/swagger-ui-standalone-preset.js"></script>
<script src="${ASSET_BASE}/ensign-docs.js"></script>
</body>
</html>
`;

const DIST_FILES = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
} as const;

export const ZDocsAssetParams = z.object({
  file: z.enum([...Object.keys(DIST_FILES), "ensign-docs.js", "ensign-docs.css"]),
});

const cache = new Map<string, string>();

/**
 * `themeScript` comes from the dashboard (lib/dashboard/theme.ts), which sits above this
 * folder: the docs page keeps the reader's light or dark choice without importing it.
 */
export function docsPageResponse(themeScript: string): Response {
  return new Response(page(themeScript), { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function docsAssetResponse(file: string): Promise<Response> {
  if (file === "ensign-docs.js") return asset(DOCS_INITIALISER, "text/javascript; charset=utf-8");
  if (file === "ensign-docs.css") return asset(DOCS_CSS, "text/css; charset=utf-8");
  let text = cache.get(file);
  if (text === undefined) {
    // The server runs from the project root (server/main.ts), where node_modules lives.
    text = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file), "utf8");
    cache.set(file, text);
  }
  return asset(text, DIST_FILES[file as keyof typeof DIST_FILES]);
}

function asset(body: string, contentType: string): Response {
  return new Response(body, {
    headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=3600" },
  });
}

export function openApiJsonResponse(): Response {
  return new Response(getOpenApiJson(), {
    headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
  });
}

export function openApiYamlResponse(): Response {
  return new Response(getOpenApiYaml(), {
    headers: { "Content-Type": "application/yaml; charset=utf-8", "Access-Control-Allow-Origin": "*" },
  });
}
