// The one wrapper every route handler goes through: authenticate, parse path, query and
// body with zod, call one domain function, and map every error in one place.
import type { z } from "zod";
import { authenticateRequest, type AuthenticatedUser } from "@/lib/auth/authenticate";
import { authenticateEnvironmentKey, type SdkEnvironmentAuth } from "@/lib/auth/environment-key";
import { runAsActor } from "@/lib/audit/context";
import type { RouteDoc } from "@/lib/openapi/types";
import { enforcePermission, type PermissionRule } from "@/lib/permissions/rule";
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { errorResponse, jsonResponse } from "@/lib/api/error-response";
import { parseJsonBody } from "@/lib/api/json-body";
import { hasNullCharacter, nullCharacterErrors } from "@/lib/api/null-characters";
import { zodIssuesToDrf } from "@/lib/api/zod-errors";
import { SDK_CORS_HEADERS } from "@/lib/sdk/cors";

type AuthMode = "user" | "environment" | "server-key" | "none";
type AnySchema = z.ZodType;
type Infer<S> = S extends AnySchema ? z.infer<S> : undefined;
type AuthFor<A extends AuthMode> = A extends "user"
  ? { user: AuthenticatedUser }
  : A extends "environment" | "server-key"
    ? { sdk: SdkEnvironmentAuth }
    : object;

export type ApiOptions<A extends AuthMode, B, Q, P> = {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Cross-origin access for browser SDKs. */
  cors?: boolean;
  /** false: organisation API keys (`Api-Key`) are refused with 403 (account and key routes). */
  allowApiKey?: boolean;
  /**
   * What only the route knows for its OpenAPI description (summary, answers per status); the
   * document reads method, path, auth, inputs and status from the rest (lib/openapi/document.ts).
   */
  openapi?: RouteDoc;
} & (A extends "user"
  ? {
      /**
       * Required on every `auth: "user"` route: the permission the caller needs
       * (lib/permissions/rule.ts), checked after authentication, before the domain function.
       */
      permission: PermissionRule<PermissionContext<B, Q, P>>;
    }
  : { permission?: never });

/** What a permission rule's `of` sees: the parsed request and the caller. */
export type PermissionContext<B, Q, P> = {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  user: AuthenticatedUser;
};

export type ApiContext<A extends AuthMode, B, Q, P> = {
  request: Request;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
} & AuthFor<A>;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function parseOrThrow<S extends AnySchema>(schema: S, input: unknown): z.infer<S> {
  const nulls = nullCharacterErrors(input);
  if (nulls) throw new ValidationError(nulls);
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new ValidationError(zodIssuesToDrf(result.error.issues));
  return result.data;
}

function parseParams<S extends AnySchema>(schema: S, input: unknown): z.infer<S> {
  const values = Object.values(input as Record<string, string | string[]>).flat();
  if (values.some(hasNullCharacter)) throw new NotFoundError();
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new NotFoundError();
  return result.data;
}

async function readJsonBody(request: Request): Promise<unknown> {
  const body = parseJsonBody(await request.text());
  if (!body.ok) throw new BadRequestError(body.message);
  return body.value ?? {};
}

export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value;
  return out;
}

export function withApi<
  A extends AuthMode,
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(options: ApiOptions<A, B, Q, P>, fn: (ctx: ApiContext<A, B, Q, P>) => unknown | Promise<unknown>) {
  const handler = async (request: Request, route?: RouteContext): Promise<Response> => {
    const headers = options.cors ? SDK_CORS_HEADERS : undefined;
    try {
      const auth: Record<string, unknown> = {};
      if (options.auth === "user")
        auth.user = await authenticateRequest(request, { allowApiKey: options.allowApiKey });
      if (options.auth === "environment" || options.auth === "server-key") {
        auth.sdk = await authenticateEnvironmentKey(request, {
          serverKeyOnly: options.auth === "server-key",
        });
      }
      const rawParams = route ? await route.params : {};
      const params = options.params ? parseParams(options.params, rawParams) : undefined;
      // Permission before validation, as Flagsmith answers: a caller who may not act on the
      // object learns nothing about what a valid query or body would be. Until the check has
      // run, an input that does not validate is held back, and the rule sees it raw.
      let inputError: unknown = undefined;
      let query: unknown = undefined;
      if (options.query) {
        const raw = queryObject(new URL(request.url));
        try {
          query = parseOrThrow(options.query, raw);
        } catch (error) {
          inputError = error;
          query = raw;
        }
      }
      // A body that is not an object (a list, a number) reaches the schema as it is, so
      // DRF's "Expected a dictionary" message comes from the same mapper as the rest.
      let body: unknown = undefined;
      if (options.body) {
        const raw = await readJsonBody(request);
        try {
          body = parseOrThrow(options.body, raw);
        } catch (error) {
          inputError ??= error;
          body = raw;
        }
      }
      if (options.permission) {
        const ctx = { body, query, params, user: auth.user as AuthenticatedUser };
        await enforcePermission(
          options.permission as PermissionRule<typeof ctx>,
          ctx,
          inputError !== undefined,
        );
      }
      if (inputError !== undefined) throw inputError;
      // The signed-in account is the author of whatever the handler writes (lib/audit).
      // An organisation API key is named as the author instead of its hidden account.
      const caller = auth.user as AuthenticatedUser | undefined;
      const actor = caller ? { userId: caller.id, masterApiKeyId: caller.masterApiKey?.id } : undefined;
      const result = await runAsActor(actor, () =>
        fn({ request, body, query, params, ...auth } as ApiContext<A, B, Q, P>),
      );
      if (result instanceof Response) {
        if (headers) for (const [k, v] of Object.entries(headers)) result.headers.set(k, v);
        return result;
      }
      return jsonResponse(result, options.status ?? 200, headers);
    } catch (error) {
      return errorResponse(error, headers);
    }
  };
  // Registered on the handler the route file exports, so that tests read each method's auth
  // mode and permission rule from the route module itself (tests/api/permissions-walk.test.ts).
  return Object.assign(handler, { apiOptions: options as RegisteredOptions }) as RouteHandler;
}

/** What withApi registers on each handler it returns (`handler.apiOptions`). */
export type RegisteredOptions = {
  auth: AuthMode;
  body?: AnySchema;
  query?: AnySchema;
  params?: AnySchema;
  status?: number;
  permission?: PermissionRule<PermissionContext<undefined, undefined, undefined>>;
  openapi?: RouteDoc;
};

type RouteHandler = ((request: Request, route?: RouteContext) => Promise<Response>) & {
  apiOptions: RegisteredOptions;
};

/**
 * The same handler under a second method (PATCH answered as PUT), documented as that method:
 * `doc` replaces the parts of the handler's `openapi` that differ (its id and summary).
 */
export function withDocs(handler: RouteHandler, doc: Partial<RouteDoc>): RouteHandler {
  const { openapi } = handler.apiOptions;
  if (!openapi) throw new Error("withDocs: the handler has no openapi description");
  const apiOptions = { ...handler.apiOptions, openapi: { ...openapi, ...doc } };
  return Object.assign((request: Request, route?: RouteContext) => handler(request, route), { apiOptions });
}
