// The one route table: every app/**/route.ts (a file walk) with the handlers its module
// exports (an import), and what withApi registered on each. The build reads the methods and the
// OpenAPI document from it (scripts/route-methods.ts); the tests walk the routes with it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RegisteredOptions } from "@/lib/route/handler";
import { buildOpenApiDocument, routeOperation, type DocumentedRoute } from "@/lib/openapi/document";
import { SERVER_PATHS } from "@/lib/sdk/server-paths";
import type { HttpMethod } from "@/lib/openapi/types";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** A handler a route module exports; withApi's carry their options. */
export type RouteHandler = ((...args: never[]) => unknown) & { apiOptions?: RegisteredOptions };

export type RouteEntry = {
  /** `app/api/v1/projects/[projectId]/route.ts` */
  file: string;
  /** URL pattern, route groups left out: `/api/v1/projects/[projectId]/` */
  pattern: string;
  /** OpenAPI path: `/api/v1/projects/{projectId}/` */
  path: string;
  /** Path parameter names, in order. */
  params: string[];
  handlers: Partial<Record<RouteMethod, RouteHandler>>;
};

/** Every route file under app/ (relative to the repository), sorted. */
export function routeFiles(appDir = path.join(ROOT, "app")): string[] {
  return readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "route.ts")
    .map((f) => path.join(path.relative(ROOT, appDir), f))
    .sort();
}

/** `app/api/v1/projects/[projectId]/route.ts` → its URL pattern, OpenAPI path and parameters. */
export function routeLocation(file: string): Omit<RouteEntry, "handlers" | "file"> {
  // Route groups `(name)` are not part of the URL.
  const segments = path
    .dirname(file)
    .split(path.sep)
    .slice(1)
    .filter((s) => !/^\(.*\)$/.test(s))
    // A folder may escape a leading underscore (`%5F%5Ffuture%5F%5F` serves `__future__`):
    // underscore folders are private to Next.
    .map((s) => s.replaceAll(/%5F/gi, "_"));
  const pattern = `/${segments.join("/")}${segments.length ? "/" : ""}`;
  return {
    pattern,
    path: pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}"),
    params: segments.filter((s) => s.startsWith("[")).map((s) => s.replace(/^\[(\.\.\.)?|\]$/g, "")),
  };
}

/** The route table of the app: each route file with the handlers its module exports. */
export async function loadRouteTable(appDir = path.join(ROOT, "app")): Promise<RouteEntry[]> {
  const entries: RouteEntry[] = [];
  for (const file of routeFiles(appDir)) {
    // As a file URL: a `%` in a folder name (`%5F%5Ffuture%5F%5F`) is then not read as an escape.
    const module = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
    const handlers: RouteEntry["handlers"] = {};
    for (const method of ROUTE_METHODS)
      if (typeof module[method] === "function") handlers[method] = module[method] as RouteHandler;
    entries.push({ file, ...routeLocation(file), handlers });
  }
  return entries;
}

/** The routes and methods the OpenAPI document describes: every one that declares `openapi`. */
export function documentedRoutes(table: RouteEntry[]): DocumentedRoute[] {
  return table.flatMap((route) =>
    Object.entries(route.handlers).flatMap(([method, handler]) =>
      handler?.apiOptions?.openapi
        ? [{ method: method.toLowerCase() as HttpMethod, path: route.path, options: handler.apiOptions }]
        : [],
    ),
  );
}

/** The OpenAPI document of every route the table holds and every path server/ answers. */
export function openApiDocumentOf(table: RouteEntry[]) {
  return buildOpenApiDocument([...documentedRoutes(table), ...SERVER_PATHS].map(routeOperation));
}
