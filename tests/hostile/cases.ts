// Hostile requests generated from the OpenAPI document the server itself serves: for every
// documented operation one well-formed call (ids of a seeded tenant, a body built from the
// request schema) and seeded mutations of its path, query, body, encoding and credentials.
import type { Rng } from "./prng";

type Schema = Record<string, any>;
export type OpenApiDocument = {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Credentials = "token" | "clientKey" | "serverKey" | "none" | "badToken" | "badKey";

export type Operation = {
  operationId: string;
  method: string;
  /** OpenAPI path, `{name}` per parameter. */
  template: string;
  security: "token" | "environmentKey" | "none";
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
};

export type HostileCase = {
  operationId: string;
  template: string;
  /** Which mutation made it ("valid" for none). */
  kind: string;
  method: string;
  path: string;
  credentials: Credentials;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Run against the scratch tenant: it may delete the objects it names or end the caller's token. */
  destructive: boolean;
};

const METHODS = ["get", "post", "put", "patch", "delete"];

// Operations that end the caller's own session or key, or remove what later cases need.
const DESTRUCTIVE_IDS =
  /^(logOut|regenerateToken|revokeToken|setPassword)$|leave|remove|rotate|regenerate|transfer/i;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith("/api/")) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: Schema[] = op.parameters ?? [];
      const security = JSON.stringify(op.security ?? []);
      operations.push({
        operationId: op.operationId ?? `${method} ${template}`,
        method: method.toUpperCase(),
        template,
        security: security.includes("environmentKey")
          ? "environmentKey"
          : security.includes("tokenAuth")
            ? "token"
            : "none",
        pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        query: parameters
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

export const isDestructive = (op: Operation) =>
  op.method === "DELETE" || DESTRUCTIVE_IDS.test(op.operationId);

// ---------------------------------------------------------------------------------------------
// Well-formed values from a schema

/** Ids of the tenant by the names fields and query parameters use for them. */
const ID_FIELDS: Record<string, string> = {
  project: "projectId",
  organisation: "organisationId",
  environment: "environmentId",
  feature: "featureId",
  segment: "segmentId",
  user: "userId",
  users: "userId",
  owners: "userId",
  group: "groupId",
  groups: "groupId",
  group_owners: "groupId",
  identity: "identityId",
  tags: "tagId",
  tag: "tagId",
  feature_segment: "featureSegmentId",
  multivariate_feature_option: "optionId",
  feature_state: "featureStateId",
};

export type Context = { rng: Rng; ids: Record<string, string | number>; document: OpenApiDocument };

function resolve(schema: Schema | undefined, context: Context): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = { ...context.document.components?.schemas?.[name], ...current, $ref: undefined };
  }
  return current;
}

function exampleString(schema: Schema, name: string, context: Context): string {
  const { rng, ids } = context;
  if (/url|uri|endpoint/i.test(name) || schema.format === "uri") return "http://127.0.0.1:9/hostile";
  if (/email/i.test(name) || schema.format === "email") return `hostile-${rng.word(8)}@example.com`;
  if (/password/i.test(name)) return "correct-horse-9";
  if (schema.format === "date-time") return "2099-01-01T00:00:00Z";
  if (schema.format === "date") return "2099-01-01";
  if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (typeof schema.pattern === "string" && /\\d/.test(schema.pattern)) {
    const id = ids[ID_FIELDS[name] ?? ""];
    return String(typeof id === "number" ? id : 1);
  }
  const min = Math.max(schema.minLength ?? 1, 6);
  const max = Math.max(Math.min(schema.maxLength ?? 12, 12), min > 12 ? min : 1);
  return `h${rng.word(Math.max(0, Math.min(min, max) - 1))}`;
}

export function exampleOf(raw: Schema | undefined, name: string, context: Context, depth = 0): unknown {
  const { rng, ids } = context;
  const schema = resolve(raw, context);
  if (depth > 8) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return rng.pick(schema.enum);
  const options: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    const usable = options.filter((o) => resolve(o, context).type !== "null");
    return exampleOf(rng.pick(usable.length ? usable : options), name, context, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s: Schema) => exampleOf(s, name, context, depth + 1)));
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== "null") ?? (schema.properties ? "object" : types[0]);
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, value] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.5)) out[key] = exampleOf(value, key, context, depth + 1);
      }
      return out;
    }
    case "array": {
      const length = Math.max(schema.minItems ?? 0, rng.chance(0.6) ? 1 : 0);
      return Array.from({ length }, () => exampleOf(schema.items, name, context, depth + 1));
    }
    case "string":
      return exampleString(schema, name, context);
    case "integer":
    case "number": {
      const id = ids[ID_FIELDS[name] ?? ""];
      if (typeof id === "number") return id;
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    }
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    default:
      return rng.word(6);
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations

const BAD_SEGMENTS = [
  "%FF",
  "%C0%AF",
  "%E2%82",
  "%ED%A0%80",
  "%00",
  "%",
  "%zz",
  "-1",
  "0",
  "12345678901234567890",
  "-12345678901234567890",
  "1.5",
  "1e3",
  "abc",
  "null",
  "%E2%98%83",
  "%2e%2e",
  "x".repeat(3000),
  "2147483648",
];

const BAD_QUERY_VALUES = [
  "12345678901234567890",
  "-12345678901234567890",
  "99999999999999999999999999999999",
  "-1",
  "0",
  "1.5",
  "1e400",
  "NaN",
  "abc",
  "",
  "%FF",
  "%C0%AF",
  "%00",
  "%",
  "true",
  "%5B%5D",
  "x".repeat(8000),
];

/** JSON number literals no 32-bit or 64-bit column holds, and their neighbours. */
const HUGE_NUMBERS = [
  "18446744073709551616",
  "-99999999999999999999",
  "12345678901234567890",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "1e308",
  "1e999",
  "-1",
  "-0",
  "0.0000001",
];

const DEPTH = 10_000;
const deepArray = () => "[".repeat(DEPTH) + "]".repeat(DEPTH);
const deepObject = () => '{"a":'.repeat(DEPTH) + "1" + "}".repeat(DEPTH);

const PLACEHOLDER = "__hostile_placeholder__";

type Path = (string | number)[];

/** Paths of every value inside `value` (not the root). */
function pathsIn(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 6) return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    pathsIn(child, [...prefix, key], out);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** `body` with the value at `path` replaced by raw JSON text. */
function withRaw(body: unknown, path: Path, raw: string): string {
  const text = JSON.stringify(setAt(body, path, PLACEHOLDER));
  // A name set on a list (or a scalar body) is lost in JSON: then the value is the body's one field.
  const holder = text.includes(`"${PLACEHOLDER}"`) ? text : JSON.stringify({ value: PLACEHOLDER });
  return holder.replace(`"${PLACEHOLDER}"`, () => raw);
}

type BodyMutation = { kind: string; body: string | Buffer; contentType?: string };

function mutateBody(base: unknown, rng: Rng): BodyMutation {
  const paths = pathsIn(base);
  const anyPath = (): Path => (paths.length && rng.chance(0.85) ? rng.pick(paths) : [rng.word(5)]);
  const stringPaths = paths.filter((p) => typeof getAt(base, p) === "string");
  const text = JSON.stringify(base);
  const kinds: (() => BodyMutation)[] = [
    () => {
      const path = paths.length ? rng.pick(paths) : ["name"];
      return { kind: "missing field", body: JSON.stringify(setAt(base, path, undefined, true)) };
    },
    () => ({ kind: "empty object", body: "{}" }),
    () => {
      const target = paths.filter((p) => isObject(getAt(base, p)));
      const path = target.length && rng.chance(0.5) ? rng.pick(target) : [];
      return {
        kind: "extra field",
        body: JSON.stringify(setAt(base, [...path, `unexpected_${rng.word(4)}`], 1)),
      };
    },
    () => {
      const value = rng.pick<unknown>(["1", 1, -1, 1.5, true, false, null, [], {}, [base], "", { a: [1] }]);
      return { kind: "wrong type", body: JSON.stringify(setAt(base, anyPath(), value)) };
    },
    () => ({ kind: "array for object", body: JSON.stringify(rng.chance(0.5) ? [base] : []) }),
    () => ({ kind: "scalar body", body: rng.pick(["1", '"x"', "null", "true", "-1", "[]"]) }),
    () => {
      const size = rng.pick([100_000, 300_000, 1_000_000]);
      const path = stringPaths.length ? rng.pick(stringPaths) : anyPath();
      return { kind: `huge string (${size})`, body: JSON.stringify(setAt(base, path, "x".repeat(size))) };
    },
    () => ({ kind: "huge number", body: withRaw(base, anyPath(), rng.pick(HUGE_NUMBERS)) }),
    () => ({
      kind: "deep nesting (10000)",
      body: rng.chance(0.3)
        ? deepArray()
        : withRaw(base, anyPath(), rng.chance(0.5) ? deepArray() : deepObject()),
    }),
    () => ({
      kind: "invalid JSON",
      body: rng.pick([
        text.slice(0, Math.max(1, text.length - 1)),
        "{",
        `${text},`,
        "{'a': 1}",
        '{"a": NaN}',
        '{"a": 1,}',
        "\ufeff" + text,
        '{"a": "\u0000"}',
      ]),
    }),
    () => {
      const path = stringPaths.length ? rng.pick(stringPaths) : anyPath();
      const [before, after] = withRaw(base, path, "\u0001").split("\u0001");
      const bytes = rng.pick([[0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80]]);
      return {
        kind: "invalid UTF-8",
        body: Buffer.concat([
          Buffer.from(before),
          Buffer.from([0x22, 0x61, ...bytes, 0x22]),
          Buffer.from(after),
        ]),
      };
    },
    () => {
      const path = stringPaths.length ? rng.pick(stringPaths) : anyPath();
      return {
        kind: "NUL and lone surrogate",
        body: withRaw(
          base,
          path,
          rng.pick(['"a\\u0000b"', '"\\u0000"', '"\\ud800x"', '"\\udfff"', '"a\\u0000\\ud83d"']),
        ),
      };
    },
    () => ({
      kind: "wrong content type",
      body: rng.chance(0.5) ? text : "a=1&b=2",
      contentType: rng.pick([
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/json; charset=latin1",
        "application/xml",
      ]),
    }),
    () => ({ kind: "empty body", body: "" }),
  ];
  return rng.pick(kinds)();
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

function getAt(root: unknown, path: Path): unknown {
  let node = root as any;
  for (const key of path) node = node?.[key];
  return node;
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
}

export type GenerateOptions = {
  document: OpenApiDocument;
  rng: Rng;
  /** Cases in all; every operation gets at least its well-formed call and one mutation. */
  total: number;
  /** The tenant's ids by path parameter name, for one route (of the scratch tenant for destructive ones). */
  idsFor: (template: string, destructive: boolean) => Record<string, string | number>;
  /** Ids of the same kinds that name nothing. */
  missingIds: Record<string, string | number>;
};

export function generateCases({ document, rng, total, idsFor, missingIds }: GenerateOptions): HostileCase[] {
  const operations = operationsOf(document);
  const perOperation = Math.max(2, Math.floor(total / Math.max(1, operations.length)));
  const cases: HostileCase[] = [];
  for (const op of operations) {
    const ids = idsFor(op.template, isDestructive(op));
    const context: Context = { rng, ids, document };
    for (let n = 0; n < perOperation; n++) {
      cases.push(caseFor(op, n === 0 ? "valid" : pickArea(op, rng), context, missingIds));
    }
  }
  return cases;
}

type Area = "valid" | "path" | "query" | "body" | "credentials";

function pickArea(op: Operation, rng: Rng): Area {
  const areas: Area[] = ["credentials"];
  if (op.pathParams.length) areas.push("path", "path");
  areas.push("query");
  if (op.body || op.method !== "GET") areas.push("body", "body", "body", "body");
  return rng.pick(areas);
}

function caseFor(
  op: Operation,
  area: Area,
  context: Context,
  missingIds: Record<string, string | number>,
): HostileCase {
  const { rng, ids } = context;
  let kind = "valid";
  const pathValues = Object.fromEntries(
    op.pathParams.map((name) => [name, encodeURIComponent(String(ids[name] ?? missingIds[name] ?? "1"))]),
  );
  if (area === "path") {
    const name = rng.pick(op.pathParams);
    const bad = rng.chance(0.15)
      ? encodeURIComponent(String(missingIds[name] ?? "999999999"))
      : rng.pick(BAD_SEGMENTS);
    pathValues[name] = bad;
    kind = `path {${name}}=${bad.length > 20 ? `${bad.slice(0, 8)}…(${bad.length})` : bad}`;
  }
  const query: string[] = [];
  for (const param of op.query) {
    if (rng.chance(0.3)) {
      const value = exampleOf(param.schema, param.name, context);
      query.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(String(value))}`);
    }
  }
  if (area === "query") {
    const names = [...op.query.map((q) => q.name), "page", "page_size"];
    const name = rng.pick(names);
    const value = rng.pick(BAD_QUERY_VALUES);
    query.push(`${encodeURIComponent(name)}=${value}`);
    if (rng.chance(0.2)) query.push(`${encodeURIComponent(name)}=${rng.pick(BAD_QUERY_VALUES)}`);
    kind = `query ${name}=${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value}`;
  }
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined;
  const base = op.body ? exampleOf(op.body, "body", context) : undefined;
  if (base !== undefined) body = JSON.stringify(base);
  if (area === "body") {
    const mutation = mutateBody(base ?? {}, rng);
    body = mutation.body;
    kind = `body: ${mutation.kind}`;
    if (mutation.contentType) headers["Content-Type"] = mutation.contentType;
  }
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  let credentials: Credentials =
    op.security === "token"
      ? "token"
      : op.security === "environmentKey"
        ? rng.chance(0.5)
          ? "clientKey"
          : "serverKey"
        : "none";
  if (area === "credentials") {
    credentials = rng.pick<Credentials>(["none", "badToken", "badKey", "token", "clientKey"]);
    kind = `credentials: ${credentials}`;
    if (rng.chance(0.3))
      headers.Authorization = rng.pick(["Token", "Bearer x", "Api-Key x.y", "Token %FF", "Token \t"]);
  }
  return {
    operationId: op.operationId,
    template: op.template,
    kind,
    method: op.method,
    path: fillPath(op.template, pathValues) + (query.length ? `?${query.join("&")}` : ""),
    credentials,
    headers,
    body,
    destructive: isDestructive(op),
  };
}

/** Paths under /api/ that no route serves: each must answer a JSON 404 (or 405). */
export function unknownPathCases(rng: Rng, count: number): HostileCase[] {
  const shapes = [
    () => `/api/v1/${rng.word(6)}/`,
    () => `/api/${rng.word(5)}`,
    () => `/api/v1/flags/${rng.word(4)}/${rng.word(4)}/`,
    () => `/api/v2/flags/`,
    () => `/api/v1/projects/1/${rng.word(6)}/`,
    () => `/api/v1/${rng.word(3)}%FF/`,
    () => `/api/`,
    () => `/api/v1/environments/${rng.word(8)}/${rng.word(8)}/${rng.word(8)}/`,
  ];
  return Array.from({ length: count }, (): HostileCase => {
    const path = rng.pick(shapes)();
    const method = rng.pick(["GET", "POST", "PUT", "DELETE"]);
    return {
      operationId: "(unknown path)",
      template: path,
      kind: "unknown path",
      method,
      path,
      credentials: rng.pick<Credentials>(["none", "token"]),
      headers:
        method === "GET" || method === "DELETE" ? {} : { "Content-Type": "application/json" as string },
      body: method === "GET" || method === "DELETE" ? undefined : "{}",
      destructive: false,
    };
  });
}
