// Drift guards for the documentation itself: every route method declares its documentation
// in its withApi call, and the document renders it with the very schemas, auth mode and status
// the route runs with; every path server/ answers itself is documented; every operation is
// complete; every field and parameter is described.
import type { IncomingMessage, ServerResponse } from "node:http";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { oas31 } from "zod-openapi";
import { SERVER_PATHS } from "@/lib/sdk/server-paths";
import { matchOfrepRoute } from "@/lib/sdk/ofrep/handlers";
import { serveSse } from "@/server/sse";
import { documentedRoutes, loadRouteTable, routeLocation, type RouteEntry } from "@/scripts/route-table";
import { buildOpenApiDocument, openApiYamlOf, routeOperation } from "./document";
import { applyFieldDocs } from "./field-docs";
import { TAGS } from "./tags";
import type { Operation } from "./types";

// The documentation's own routes describe the API; they are not part of it.
const DOCUMENTATION_ROUTES = new Set([
  "/api/v1/docs/",
  "/api/v1/docs/assets/{file}/",
  "/api/v1/swagger.json/",
  "/api/v1/swagger.yaml/",
]);
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let table: RouteEntry[] = [];
let OPERATIONS: Operation[] = [];

beforeAll(async () => {
  table = await loadRouteTable();
  OPERATIONS = [...documentedRoutes(table), ...SERVER_PATHS].map(routeOperation);
}, 120_000);

const keyOf = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;

/** Whether some query parameter refuses a value (a word where it wants a number, a choice...). */
function queryCanFail(query: z.core.$ZodType): boolean {
  const jsonSchema = z.toJSONSchema(query, { io: "input", unrepresentable: "any" }) as {
    properties?: object;
  };
  return Object.keys(jsonSchema.properties ?? {}).some(
    (name) => !z.safeParse(query, { [name]: "not-a-valid-value" }).success,
  );
}

describe("route table", () => {
  it("converts route folders to patterns and OpenAPI paths", () => {
    expect(routeLocation("app/api/v1/environments/[apiKey]/api-keys/[keyId]/route.ts")).toEqual({
      pattern: "/api/v1/environments/[apiKey]/api-keys/[keyId]/",
      path: "/api/v1/environments/{apiKey}/api-keys/{keyId}/",
      params: ["apiKey", "keyId"],
    });
    expect(routeLocation("app/health/liveness/route.ts").path).toBe("/health/liveness/");
    expect(routeLocation("app/(dashboard)/x/route.ts").pattern).toBe("/x/");
  });

  it("finds the routes", () => {
    expect(table.length).toBeGreaterThan(100);
    expect(OPERATIONS.length).toBeGreaterThan(200);
  });

  it("documents every route method of the API in its withApi call", () => {
    const undocumented: string[] = [];
    for (const route of table) {
      if (DOCUMENTATION_ROUTES.has(route.path) || !/^\/(api\/v1|health)\//.test(route.path)) continue;
      for (const method of HTTP_METHODS) {
        const handler = route.handlers[method];
        if (handler && !handler.apiOptions?.openapi) undocumented.push(`${method} ${route.path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("documents SDK handlers, which parse their own input, only with what withApi does not take", () => {
    const mismatches = documentedRoutes(table)
      .filter(({ options }) => options.openapi?.sdk)
      .filter(({ options }) => options.auth !== "none" || options.body || options.query || options.params)
      .map(keyOf);
    expect(mismatches).toEqual([]);
  });

  it("documents every path the server answers itself, and each one is the server's", () => {
    const fill = (p: string) => p.replace(/\{\w+\}/g, "x");
    const served = (method: string, p: string) => {
      if (matchOfrepRoute(p)?.[method.toUpperCase()]) return true;
      // The SSE matcher answers OPTIONS for its paths without touching the database.
      const res = { writeHead: () => res, end: () => res } as unknown as ServerResponse;
      return method === "get" && serveSse({ method: "OPTIONS", url: p } as IncomingMessage, res);
    };
    expect(SERVER_PATHS.filter((r) => !served(r.method, fill(r.path))).map(keyOf)).toEqual([]);
    const documented = new Set(SERVER_PATHS.map((r) => keyOf({ method: r.method, path: fill(r.path) })));
    for (const probe of [
      "post /ofrep/v1/evaluate/flags/",
      "post /ofrep/v1/evaluate/flags/x/",
      "get /sse/environments/x/stream/",
    ])
      expect(documented, probe).toContain(probe);
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
      if ((op.body || (op.query && queryCanFail(op.query))) && !op.sdk) has(400);
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
  let document: oas31.OpenAPIObject;
  let components: Record<string, oas31.SchemaObject | oas31.ReferenceObject> = {};
  let generatedOperations: { where: string; op: oas31.OperationObject }[] = [];
  beforeAll(() => {
    document = buildOpenApiDocument(OPERATIONS);
    components = document.components?.schemas ?? {};
    generatedOperations = Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
      Object.entries(item as Record<string, oas31.OperationObject>).map(([method, op]) => ({
        where: `${method} ${p}`,
        op,
      })),
    );
  });

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
    const json = JSON.stringify(document);
    expect(parse(openApiYamlOf(JSON.parse(json)))).toEqual(JSON.parse(json));
    expect(JSON.parse(json).paths["/api/v1/environments/"].post.operationId).toBe("createEnvironment");
    // A large document: generous on a loaded machine (a timeout here is not an assertion).
  }, 60_000);
});

describe("field docs", () => {
  it("refuse to describe a field the schema does not have", () => {
    const schema = { type: "object", properties: { name: { type: "string" } } } as oas31.SchemaObject;
    expect(() => applyFieldDocs(schema, { nmae: "Name." }, {}, "op")).toThrow(/"nmae" is not in the schema/);
    applyFieldDocs(schema, { name: "Name." }, {}, "op");
    expect(schema.properties?.name).toEqual({ type: "string", description: "Name." });
  });
});
