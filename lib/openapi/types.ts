// The shape of one documented operation. Each registry in ./operations lists the
// operations of one domain with the SAME zod schemas its route files pass to `withApi`.
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

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path; `{name}` matches the route folder `[name]` and the params schema's key. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  security: Security;
  params?: ZodObjectInput;
  query?: ZodObjectInput;
  body?: z.ZodType;
  /** What the body is, when the operation has one. */
  bodyDescription?: string;
  bodyDocs?: FieldDocs;
  /** Parameter descriptions that differ from the shared ones in ./parameters.ts. */
  paramDocs?: Record<string, string>;
  /**
   * Rendered instead of `body` when the validator takes the raw body and checks its items in
   * the service (e.g. a list checked item by item): the domain's schema of what it accepts.
   */
  bodyShape?: z.ZodType;
  /**
   * The SDK endpoints authenticate and parse inside their handler (lib/sdk/http.ts), so their
   * routes pass no auth mode and no schemas to withApi; the inputs documented here are then
   * checked against the handler by lib/openapi/sdk-inputs.test.ts and the conformance test.
   */
  sdkHandler?: boolean;
  /** Status of success, as the route's `withApi({ status })` (default 200). */
  status: number;
  responses: Record<number, ResponseSpec>;
};
