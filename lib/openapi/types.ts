// The shape of one documented operation. A route declares what only it knows (RouteDoc) in
// its `withApi({ openapi })` call; the rest of the Operation is read from the same call.
import type { z } from "zod";
import type { ZodObjectInput } from "zod-openapi";
import type { Tag } from "./tags";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Who may call: an account token, an environment key (client or server), a server key only, or anyone. */
export type Security = "token" | "environmentKey" | "serverKey" | "none";

/** A documented answer: what it means, and its body (null when there is none, e.g. 204). */
export type ResponseSpec = { description: string; schema: z.ZodType | null };

/**
 * Descriptions for the fields of a request schema that does not carry its own, shaped like
 * the JSON it accepts: a string describes a field; `[description, nested]` also describes the
 * fields of an object, or of the objects in a list. Schema descriptions take precedence.
 */
export type FieldDocs = { [field: string]: string | [string, FieldDocs] };

/** What a route's `withApi({ openapi })` declares: the parts of its operation only it knows. */
export type RouteDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  /**
   * Answers by status. The document adds the ones every route of a kind has, unless given
   * here: 401 for an account route, 403 for an environment-key route, 400 for a JSON body.
   */
  responses: Record<number, ResponseSpec>;
  bodyDescription?: string;
  bodyDocs?: FieldDocs;
  paramDocs?: Record<string, string>;
  bodyShape?: z.ZodType;
  /**
   * The SDK endpoints authenticate and parse inside their handler (lib/sdk/http.ts), so their
   * routes pass no auth mode and no schemas to withApi; what they take is declared here, and
   * checked against the handler by lib/sdk/requests.test.ts and the conformance test.
   */
  sdk?: { security: Security; params?: ZodObjectInput; query?: ZodObjectInput; body?: z.ZodType };
};

export type Operation = RouteDoc & {
  method: HttpMethod;
  /** OpenAPI path; `{name}` matches the route folder `[name]` and the params schema's key. */
  path: string;
  security: Security;
  params?: ZodObjectInput;
  query?: ZodObjectInput;
  body?: z.ZodType;
  /** Status of success, as the route's `withApi({ status })` (default 200). */
  status: number;
};
