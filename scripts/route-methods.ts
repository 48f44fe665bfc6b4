// Part of `npm run build` (and `npm run dev`): writes from the route table (scripts/route-table.ts)
// dist/route-methods.json, the methods every app/**/route.ts exports keyed by its URL pattern
// (the server answers 405 from it: server/route-methods.ts), and dist/openapi.json, the OpenAPI
// document the routes declare (served by /api/v1/swagger.json).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadRouteTable, openApiDocumentOf, type RouteEntry } from "./route-table";

const root = path.resolve(import.meta.dirname, "..");

export function routeMethodTable(table: RouteEntry[]): Record<string, string[]> {
  return Object.fromEntries(table.map((route) => [route.pattern, Object.keys(route.handlers)]));
}

async function main() {
  const table = await loadRouteTable();
  const dist = path.join(root, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, "route-methods.json"),
    `${JSON.stringify(routeMethodTable(table), null, 2)}\n`,
  );
  writeFileSync(path.join(dist, "openapi.json"), JSON.stringify(openApiDocumentOf(table)));
  // Route modules open database clients and timers as they load: the build step ends here.
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
