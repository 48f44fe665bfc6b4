// Answers many operations share, so that every registry documents them the same way.
import { z } from "zod";
import { ZBadRequest, ZErrorDetail, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import type { ResponseSpec } from "./types";

export const ok = (description: string, schema: z.ZodType): ResponseSpec => ({ description, schema });
export const noContent = (description: string): ResponseSpec => ({ description, schema: null });

/** 401 of every token-authenticated operation. */
export const notAuthenticated: ResponseSpec = {
  description:
    "No credentials (`Authentication credentials were not provided.`), a malformed header or an unknown token (`Invalid token.`).",
  schema: ZErrorDetail,
};

/** 403 of every environment-key-authenticated operation. */
export const invalidEnvironmentKey: ResponseSpec = {
  description: "Missing or unknown environment key (`Invalid or missing Environment Key`).",
  schema: ZErrorDetail,
};

export const forbidden = (when: string): ResponseSpec => ({
  description: `${when} (\`You do not have permission to perform this action.\`).`,
  schema: ZErrorDetail,
});

export const notFound = (what: string): ResponseSpec => ({
  description: `${what} does not exist or is not visible to the caller (\`Not found.\`).`,
  schema: ZErrorDetail,
});

/** 400 of operations with a JSON body. */
export const invalidBody: ResponseSpec = {
  description: "The body fails validation (errors by field), or is not valid JSON (`{detail}`).",
  schema: ZBadRequest,
};

/** 400 of operations whose only input is the query string. */
export const invalidQuery: ResponseSpec = {
  description: "A query parameter fails validation (errors by parameter name).",
  schema: ZValidationErrors,
};

export const invalidPage: ResponseSpec = {
  description: "Not found, or a page past the last one (`Invalid page.`).",
  schema: ZErrorDetail,
};

/** 400 of operations whose service also refuses with a bare list of messages, as Flagsmith does. */
export const invalidBodyOrList = (listWhen: string): ResponseSpec => ({
  description: `${invalidBody.description} ${listWhen} answers a bare list of messages.`,
  schema: z.union([ZBadRequest, ZErrorList]),
});
