// The methods each route answers, so that every other method gets Flagsmith's 405 (a JSON
// detail and an Allow header) on both lanes, instead of Next's empty 405. The table is made
// by `npm run build` from the route files (scripts/route-methods.ts) into dist/; a route's
// methods are those its route.ts exports, plus HEAD with GET and OPTIONS (which Next adds).
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { sendJson } from "./respond";

/** Route patterns (`/api/v1/projects/[projectId]/`) and the methods their files export. */
export type RouteMethodTable = Record<string, string[]>;

type CompiledRoute = { segments: string[]; allow: string; methods: Set<string> };

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

export type RouteMethods = {
  /** The Allow header of the route serving `path` when it does not answer `method`, else null. */
  disallowed: (method: string, path: string) => string | null;
  /** Whether any route file serves `path`. */
  serves: (path: string) => boolean;
};

function allowedMethods(exported: string[]): string[] {
  const methods = new Set(exported);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return METHOD_ORDER.filter((m) => methods.has(m));
}

const isDynamic = (segment: string) => segment.startsWith("[");
const isCatchAll = (segment: string) => segment.startsWith("[...") || segment.startsWith("[[...");

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

// Next prefers a static segment over a dynamic one, and a dynamic one over a catch-all.
function specificity(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const rank = (s: string | undefined) => (s === undefined ? 3 : isCatchAll(s) ? 2 : isDynamic(s) ? 1 : 0);
    const diff = rank(a.segments[i]) - rank(b.segments[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

function matches(route: string[], path: string[]): boolean {
  for (let i = 0; i < route.length; i++) {
    const segment = route[i];
    if (isCatchAll(segment)) return path.length > i || segment.startsWith("[[");
    if (i >= path.length) return false;
    if (!isDynamic(segment) && segment !== path[i]) return false;
  }
  return route.length === path.length;
}

export function compileRouteMethods(table: RouteMethodTable): RouteMethods {
  const routes: CompiledRoute[] = Object.entries(table)
    .map(([pattern, exported]) => {
      const allowed = allowedMethods(exported);
      return { segments: segmentsOf(pattern), allow: allowed.join(", "), methods: new Set(allowed) };
    })
    .sort(specificity);
  const find = (path: string) => {
    const segments = segmentsOf(path);
    return routes.find((r) => matches(r.segments, segments));
  };
  return {
    disallowed(method, path) {
      const route = find(path);
      return route && !route.methods.has(method) ? route.allow : null;
    },
    serves: (path) => find(path) !== undefined,
  };
}

export function loadRouteMethods(file: string): RouteMethods {
  return compileRouteMethods(JSON.parse(readFileSync(file, "utf8")) as RouteMethodTable);
}

export function sendMethodNotAllowed(res: ServerResponse, method: string, allow: string): void {
  sendJson(res, 405, { detail: `Method "${method}" not allowed.` }, { Allow: allow });
}
