// Drift guards for the documentation itself: every route method is documented with the
// very schemas, auth mode and status it runs with (and nothing undocumented exists); every
// operation is complete; every field and parameter is described.
import { readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { oas31 } from "zod-openapi";
import { buildOpenApiDocument, getOpenApiJson, getOpenApiYaml } from "./document";
import { applyFieldDocs } from "./field-docs";
import { OPERATIONS } from "./operations";
import { TAGS } from "./tags";
import type { Operation } from "./types";

// Each route's withApi options, captured instead of building a handler.
vi.mock(import("@/lib/api/handler"), async (importOriginal) => ({
  ...(await importOriginal()),
  withApi: ((options: unknown) => Object.assign(() => undefined, { apiOptions: options })) as never,
}));

type ApiOptions = { auth: string; body?: unknown; query?: unknown; params?: unknown; status?: number };

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTE_ROOTS = ["app/api/v1", "app/health"];
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// The documentation's own routes describe the API; they are not part of it.
const DOCUMENTATION_ROUTES = new Set([
  "/api/v1/docs/",
  "/api/v1/docs/assets/{file}/",
  "/api/v1/swagger.json/",
  "/api/v1/swagger.yaml/",
]);
// Routes whose domain is still being written; each entry must name its domain and go away.
const NOT_YET_DOCUMENTED = new Set<string>([]);

const AUTH_FOR_SECURITY: Record<Operation["security"], string> = {
  token: "user",
  environmentKey: "environment",
  serverKey: "server-key",
  none: "none",
};

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(rel);
    return entry.name === "route.ts" ? [rel] : [];
  });
}

/** `app/api/v1/projects/[projectId]/route.ts` → `/api/v1/projects/{projectId}/`. */
export function openApiPathOf(file: string): string {
  const segments = path.dirname(file).split(path.sep).slice(1);
  return `/${segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}/`;
}

type RouteMethod = { key: string; file: string; handler: { apiOptions?: ApiOptions } };

let routeMethods: RouteMethod[] = [];

beforeAll(async () => {
  const found: RouteMethod[] = [];
  for (const file of ROUTE_ROOTS.flatMap(routeFiles)) {
    const apiPath = openApiPathOf(file);
    if (DOCUMENTATION_ROUTES.has(apiPath)) continue;
    const module = (await import(path.join(ROOT, file))) as Record<string, RouteMethod["handler"]>;
    for (const method of HTTP_METHODS) {
      if (module[method])
        found.push({ key: `${method.toLowerCase()} ${apiPath}`, file, handler: module[method] });
    }
  }
  routeMethods = found;
}, 60_000);

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

const jsonSchemaOf = (schema: z.ZodType) =>
  JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));

/** Whether some query parameter refuses a value (a word where it wants a number, a choice...). */
function queryCanFail(query: z.core.$ZodType): boolean {
  const jsonSchema = z.toJSONSchema(query, { io: "input", unrepresentable: "any" }) as {
    properties?: object;
  };
  return Object.keys(jsonSchema.properties ?? {}).some(
    (name) => !z.safeParse(query, { [name]: "not-a-valid-value" }).success,
  );
}

/** The very schema, or one built inline in the route (e.g. `.partial()`) that validates alike. */
function sameSchema(routeSchema: unknown, documented: unknown): boolean {
  if (routeSchema === documented) return true;
  if (!routeSchema || !documented) return false;
  return jsonSchemaOf(routeSchema as z.ZodType) === jsonSchemaOf(documented as z.ZodType);
}

describe("route walk", () => {
  it("converts route folders to OpenAPI paths", () => {
    expect(openApiPathOf("app/api/v1/environments/[apiKey]/api-keys/[keyId]/route.ts")).toBe(
      "/api/v1/environments/{apiKey}/api-keys/{keyId}/",
    );
    expect(openApiPathOf("app/health/liveness/route.ts")).toBe("/health/liveness/");
  });

  it("finds the routes", () => {
    expect(routeMethods.length).toBeGreaterThan(30);
  });

  it("documents every route method, and nothing else", () => {
    const documented = new Set(OPERATIONS.map(keyOf));
    const routes = new Set(routeMethods.map((r) => r.key));
    const undocumented = [...routes].filter((k) => !documented.has(k) && !NOT_YET_DOCUMENTED.has(k));
    const phantom = [...documented].filter((k) => !routes.has(k));
    expect(undocumented, "route methods missing from lib/openapi/operations").toEqual([]);
    expect(phantom, "documented operations without a route").toEqual([]);
    expect(
      [...NOT_YET_DOCUMENTED].filter((k) => documented.has(k)),
      "stale allow-list entries",
    ).toEqual([]);
  });

  it("documents each route with the schemas, auth and status the route runs with", () => {
    const mismatches: string[] = [];
    for (const op of OPERATIONS) {
      const route = routeMethods.find((r) => r.key === keyOf(op));
      if (!route) continue;
      const options = route.handler.apiOptions;
      if (op.sdkHandler) {
        // The handler authenticates and parses by itself (lib/sdk/http.ts).
        if (!options || options.auth !== "none" || options.body || options.query || options.params)
          mismatches.push(`${op.operationId}: an SDK handler route passes auth or schemas to withApi`);
        if ((options?.status ?? 200) !== op.status) mismatches.push(`${op.operationId}: status`);
        continue;
      }
      if (!options) {
        // A plain handler (the liveness probe) takes no input and no credentials.
        if (op.security !== "none" || op.body || op.query || op.params || op.status !== 200)
          mismatches.push(`${op.operationId}: plain handler documented with inputs or auth`);
        continue;
      }
      const check = (what: string, ok: boolean) => ok || mismatches.push(`${op.operationId}: ${what}`);
      check(`auth ${options.auth} vs ${op.security}`, options.auth === AUTH_FOR_SECURITY[op.security]);
      check(`status ${options.status ?? 200} vs ${op.status}`, (options.status ?? 200) === op.status);
      check("body schema", sameSchema(options.body, op.body));
      check("query schema", sameSchema(options.query, op.query));
      check("params schema", sameSchema(options.params, op.params));
    }
    expect(mismatches).toEqual([]);
  });
});

describe("operations", () => {
  it("have unique ids and paths, a summary, one known tag and security", () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    const keys = new Set<string>();
    for (const op of OPERATIONS) {
      if (!/^[a-z][A-Za-z]+$/.test(op.operationId)) problems.push(`${keyOf(op)}: operationId`);
      if (ids.has(op.operationId)) problems.push(`${op.operationId}: duplicate id`);
      if (keys.has(keyOf(op))) problems.push(`${keyOf(op)}: documented twice`);
      ids.add(op.operationId);
      keys.add(keyOf(op));
      if (!op.summary.trim()) problems.push(`${op.operationId}: summary`);
      if (!(op.tag in TAGS)) problems.push(`${op.operationId}: tag`);
    }
    expect(problems).toEqual([]);
  });

  it("document their success answer and the errors their inputs and credentials can cause", () => {
    const problems: string[] = [];
    for (const op of OPERATIONS) {
      const has = (status: number) =>
        status in op.responses || problems.push(`${op.operationId}: no ${status}`);
      has(op.status);
      if (op.security === "token") has(401);
      if (op.security === "environmentKey" || op.security === "serverKey") has(403);
      if (op.params) has(404);
      // withApi answers 400 for a body or query that fails its schema; SDK handlers decide themselves.
      if ((op.body || (op.query && queryCanFail(op.query))) && !op.sdkHandler) has(400);
      for (const [status, spec] of Object.entries(op.responses)) {
        if (!spec.description.trim()) problems.push(`${op.operationId} ${status}: description`);
        if ((status === "204" || status === "304") && spec.schema !== null)
          problems.push(`${op.operationId} ${status}: has no body`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("name each path parameter in both the path and the params schema", () => {
    const problems: string[] = [];
    for (const op of OPERATIONS) {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const shape = (op.params as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      if (JSON.stringify(inPath) !== JSON.stringify(Object.keys(shape).sort()))
        problems.push(`${op.operationId}: path {${inPath}} vs params {${Object.keys(shape)}}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("generated document", () => {
  const document = buildOpenApiDocument();
  const components = document.components?.schemas ?? {};
  const generatedOperations = Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    Object.entries(item as Record<string, oas31.OperationObject>).map(([method, op]) => ({
      where: `${method} ${p}`,
      op,
    })),
  );

  it("is OpenAPI 3.1 with both security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components?.securitySchemes).toMatchObject({
      tokenAuth: { type: "apiKey", in: "header", name: "Authorization" },
      environmentKey: { type: "apiKey", in: "header", name: "X-Environment-Key" },
    });
    expect(generatedOperations).toHaveLength(OPERATIONS.length);
  });

  it("gives every operation an id, a summary, tags and a security requirement", () => {
    const problems = generatedOperations
      .filter(({ op }) => !op.operationId || !op.summary || !op.tags?.length || !Array.isArray(op.security))
      .map(({ where }) => where);
    expect(problems).toEqual([]);
  });

  it("describes every parameter and every field, recursively", () => {
    const problems: string[] = [];
    const visited = new Set<unknown>();
    const resolve = (s: oas31.SchemaObject | oas31.ReferenceObject) =>
      "$ref" in s && s.$ref
        ? (components[s.$ref.split("/").pop()!] as oas31.SchemaObject)
        : (s as oas31.SchemaObject);
    const walk = (
      schema: oas31.SchemaObject | oas31.ReferenceObject | boolean | undefined,
      where: string,
    ) => {
      if (!schema || typeof schema !== "object" || visited.has(schema)) return;
      visited.add(schema);
      const s = resolve(schema);
      if (s !== schema) return walk(s, where);
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        if (!property.description && !resolve(property).description) problems.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      walk(s.items, `${where}[]`);
      walk(s.additionalProperties, `${where}{}`);
      [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].forEach((b) => walk(b, where));
    };
    for (const { where, op } of generatedOperations) {
      for (const parameter of (op.parameters ?? []) as oas31.ParameterObject[]) {
        if (!parameter.description) problems.push(`${where} parameter ${parameter.name}`);
      }
      const body = (op.requestBody as oas31.RequestBodyObject | undefined)?.content["application/json"];
      walk(body?.schema, `${where} body`);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        walk((response as oas31.ResponseObject).content?.["application/json"]?.schema, `${where} ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("serialises to JSON and to YAML that reads back the same", () => {
    const json = getOpenApiJson();
    expect(parse(getOpenApiYaml())).toEqual(JSON.parse(json));
    expect(JSON.parse(json).paths["/api/v1/environments/"].post.operationId).toBe("createEnvironment");
  });
});

describe("field docs", () => {
  it("refuse to describe a field the schema does not have", () => {
    const schema = { type: "object", properties: { name: { type: "string" } } } as oas31.SchemaObject;
    expect(() => applyFieldDocs(schema, { nmae: "Name." }, {}, "op")).toThrow(/"nmae" is not in the schema/);
    applyFieldDocs(schema, { name: "Name." }, {}, "op");
    expect(schema.properties?.name).toEqual({ type: "string", description: "Name." });
  });
});
