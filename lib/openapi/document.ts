// The OpenAPI 3.1 description of the whole API, generated from the registered routes (each
// route's withApi options: scripts/route-table.ts) and the paths server/ answers itself:
// request schemas are the ones the routes validate with, response schemas the ones the
// conformance test checks live answers against. `npm run build` writes it to dist/openapi.json.
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { readFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import type { z } from "zod";
import type { ZodObjectInput } from "zod-openapi";
import packageJson from "@/package.json";
import { applyFieldDocs } from "./field-docs";
import { PARAMETER_DOCS } from "./parameters";
import { invalidBody, invalidEnvironmentKey, notAuthenticated } from "./shared";
import { TAGS } from "./tags";
import type { HttpMethod, Operation, RouteDoc, Security } from "./types";

export const SECURITY_SCHEMES = {
  tokenAuth: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      "Account API token for the administrative endpoints: `Token <key>` (the key from sign-up, log-in or the " +
      "account page); on the docs page the key alone works too. The dashboard's signed-in session is accepted as well.",
  },
  masterApiKey: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      "Organisation API key: `Api-Key <prefix>.<secret>` (organisation settings → API keys). An admin key acts as " +
      "an organisation admin, a scoped key with the permissions granted to it. Account endpoints and the API key " +
      "endpoints refuse it with 403.",
  },
  environmentKey: {
    type: "apiKey",
    in: "header",
    name: "X-Environment-Key",
    description:
      "Environment key for the SDK endpoints: the environment's client-side key, or one of its server-side " +
      "keys (`ser.…`). Some endpoints accept only server-side keys.",
  },
} satisfies Record<string, oas31.SecuritySchemeObject>;

const SECURITY: Record<Security, oas31.SecurityRequirementObject[]> = {
  token: [{ tokenAuth: [] }, { masterApiKey: [] }],
  environmentKey: [{ environmentKey: [] }],
  serverKey: [{ environmentKey: [] }],
  none: [],
};

const DESCRIPTION = `Ensign's REST API, wire-compatible with Flagsmith's.

The OpenAPI description is available as [JSON](/api/v1/swagger.json) and [YAML](/api/v1/swagger.yaml).

**Authentication.** Administrative endpoints take an account token in \`Authorization: Token <key>\`
(get one from \`POST /api/v1/auth/login/\`) or an organisation API key in \`Authorization: Api-Key <key>\`. SDK endpoints take an environment key in \`X-Environment-Key\`.
Use **Authorize** to set either, then **Try it out** on any operation.

**Errors** follow Django REST Framework: \`{"detail": "..."}\`, or field errors such as
\`{"name": ["This field is required."]}\`.`;

/**
 * The schema to render for a body. A body validated in two steps (a pre-check over the raw
 * input piped into an object schema) shows the object schema: its fields are what a client sends.
 */
function renderedBody(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  if (def.type === "pipe" && def.in?._zod.def.type === "unknown" && def.out) return renderedBody(def.out);
  return schema;
}

/** One method of one route, as the route table finds it: its path and its withApi options. */
export type DocumentedRoute = {
  method: HttpMethod;
  /** `/api/v1/projects/{projectId}/` */
  path: string;
  options: {
    auth: string;
    params?: unknown;
    query?: unknown;
    body?: unknown;
    status?: number;
    openapi?: RouteDoc;
  };
};

const SECURITY_OF_AUTH: Record<string, Security> = {
  user: "token",
  environment: "environmentKey",
  "server-key": "serverKey",
  none: "none",
};

/** The operation a route declares: its own `openapi` part, the rest read from its options. */
export function routeOperation({ method, path: apiPath, options }: DocumentedRoute): Operation {
  const doc = options.openapi;
  if (!doc) throw new Error(`${method} ${apiPath}: no openapi description in its withApi call`);
  const { sdk, ...rest } = doc;
  const security = sdk?.security ?? SECURITY_OF_AUTH[options.auth];
  const body = (sdk ? sdk.body : options.body) as z.ZodType | undefined;
  const defaults: Operation["responses"] = {};
  if (security === "token") defaults[401] = notAuthenticated;
  if (!sdk && (security === "environmentKey" || security === "serverKey"))
    defaults[403] = invalidEnvironmentKey;
  if (!sdk && body) defaults[400] = invalidBody;
  return {
    ...rest,
    ...(sdk && { sdk }),
    method,
    path: apiPath,
    security,
    params: (sdk ? sdk.params : options.params) as ZodObjectInput | undefined,
    query: (sdk ? sdk.query : options.query) as ZodObjectInput | undefined,
    body,
    status: options.status ?? 200,
    responses: { ...defaults, ...doc.responses },
  };
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const serverKeyNote = op.security === "serverKey" ? " Requires a server-side key (`ser.…`)." : "";
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: (op.description ?? "") + serverKeyNote || undefined,
    tags: [op.tag],
    security: SECURITY[op.security],
    requestParams: {
      ...(op.params && { path: op.params }),
      ...(op.query && { query: op.query }),
    },
    requestBody: op.body && {
      description: op.bodyDescription,
      // Routes read an empty body as {}, so a body is required only if {} is invalid.
      required: !op.body.safeParse({}).success,
      content: { "application/json": { schema: renderedBody(op.bodyShape ?? op.body) } },
    },
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, spec]) => [
        status,
        spec.schema
          ? { description: spec.description, content: { "application/json": { schema: spec.schema } } }
          : { description: spec.description },
      ]),
    ),
  };
}

function describeInputs(document: oas31.OpenAPIObject, operations: Operation[]): void {
  const components = document.components?.schemas ?? {};
  for (const op of operations) {
    const generated = document.paths?.[op.path]?.[op.method] as oas31.OperationObject;
    for (const parameter of (generated.parameters ?? []) as oas31.ParameterObject[]) {
      parameter.description ??= op.paramDocs?.[parameter.name] ?? PARAMETER_DOCS[parameter.name];
    }
    const body = (generated.requestBody as oas31.RequestBodyObject | undefined)?.content["application/json"];
    if (body?.schema && op.bodyDocs) applyFieldDocs(body.schema, op.bodyDocs, components, op.operationId);
  }
}

/** Keeps the rendered schemas readable: no ±2^53 bounds on every integer, no regex for known formats. */
function tidySchema({ jsonSchema }: { jsonSchema: oas31.SchemaObject }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.format === "date-time" || jsonSchema.format === "uuid" || jsonSchema.format === "email") {
    delete jsonSchema.pattern;
  }
}

export function buildOpenApiDocument(operations: Operation[]): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: { title: "Ensign API", version: packageJson.version, description: DESCRIPTION },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      paths,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    { override: tidySchema as never },
  ) as oas31.OpenAPIObject;
  describeInputs(document, operations);
  return document;
}

let cachedJson: string | undefined;
let cachedYaml: string | undefined;

/**
 * The document `npm run build` (and `npm run dev`) generated from the route table: the server
 * has no route sources to walk, and the document only changes with the code.
 */
export const getOpenApiJson = () =>
  (cachedJson ??= readFileSync(path.join(process.cwd(), "dist", "openapi.json"), "utf8"));

export const openApiYamlOf = (document: object) => stringify(document, { aliasDuplicateObjects: false });

export const getOpenApiYaml = () => (cachedYaml ??= openApiYamlOf(JSON.parse(getOpenApiJson())));
