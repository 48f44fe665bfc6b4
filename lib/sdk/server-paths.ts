// The paths server/ answers itself, outside the route files (the SSE stream, OFREP), declared
// once for the OpenAPI document the way a route declares itself in withApi. The drift test
// (lib/openapi/document.test.ts) checks each one against the server's own matchers.
import { z } from "zod";
import type { DocumentedRoute } from "@/lib/openapi/document";
import { ZErrorDetail, zBool, zText } from "@/lib/api/response-schemas";
import { noContent, ok } from "@/lib/openapi/shared";

const ZOfrepContext = z
  .looseObject({
    targetingKey: zText(
      "Identifier of the identity evaluated; without it, the environment's flags.",
    ).optional(),
  })
  .meta({
    description:
      "Evaluation context: `targetingKey` and attributes (strings, numbers, booleans), used as transient traits.",
  });

const ZOfrepRequest = z.object({ context: ZOfrepContext.optional() });

const ZOfrepFlag = z
  .strictObject({
    key: zText("Name of the feature."),
    value: z
      .union([z.string(), z.number(), z.boolean()])
      .meta({ description: "The flag's value; its enabled state when it has no value." }),
    reason: z
      .enum(["STATIC", "TARGETING_MATCH", "SPLIT", "DISABLED", "DEFAULT"])
      .meta({ description: "Why this value." }),
    variant: zText("The multivariate option chosen, for a multivariate feature.").optional(),
    metadata: z
      .strictObject({
        enabled: zBool("Whether the flag is enabled."),
        segment: zText("Name of the segment whose override applied.").optional(),
      })
      .meta({ description: "Flagsmith's own parts of the answer." }),
  })
  .meta({ id: "OfrepFlag", description: "One evaluated flag." });

const ZOfrepError = z
  .strictObject({
    key: zText("Name of the flag asked for.").optional(),
    errorCode: zText("`PARSE_ERROR`, `INVALID_CONTEXT`, `FLAG_NOT_FOUND` or `GENERAL`."),
    errorDetails: zText("Human-readable reason."),
  })
  .meta({ id: "OfrepError", description: "An OFREP evaluation error." });

const ZOfrepAuthError = z
  .strictObject({ errorDetails: zText("Human-readable reason.") })
  .meta({ id: "OfrepAuthError", description: "The key is missing, unknown or may not evaluate." });

const ZStreamParams = z.object({ apiKey: z.string() });
const ZFlagKeyParams = z.object({ key: z.string() });

const ofrep = {
  tag: "OFREP",
  bodyDescription: "The evaluation context (optional).",
} as const;
const keyRefused = {
  401: ok(
    "Missing or unknown environment key (as `X-Environment-Key`, `X-API-Key` or `Authorization: Bearer`).",
    ZOfrepAuthError,
  ),
  403: ok("The organisation stopped serving flags.", ZOfrepAuthError),
};

export const SERVER_PATHS: DocumentedRoute[] = [
  {
    method: "get",
    path: "/sse/environments/{apiKey}/stream/",
    options: {
      auth: "none",
      openapi: {
        operationId: "streamEnvironmentUpdates",
        summary: "Stream an environment's updates",
        description:
          "Server-sent events, as Flagsmith's realtime endpoint: an `environment_updated` event whose data is " +
          '`{"updated_at": <seconds>}` each time the environment\'s flags change.',
        tag: "SDK",
        sdk: { security: "none", params: ZStreamParams },
        responses: {
          200: noContent("A `text/event-stream` of `environment_updated` events."),
          404: ok("No environment has this key, or it stopped serving flags (`Not found.`).", ZErrorDetail),
        },
      },
    },
  },
  {
    method: "post",
    path: "/ofrep/v1/evaluate/flags/",
    options: {
      auth: "none",
      openapi: {
        ...ofrep,
        operationId: "ofrepEvaluateFlags",
        summary: "Evaluate every flag (OFREP)",
        description: "The OpenFeature Remote Evaluation Protocol's bulk evaluation.",
        sdk: { security: "environmentKey", body: ZOfrepRequest },
        responses: {
          200: ok(
            "Every flag of the environment, evaluated.",
            z.strictObject({ flags: z.array(ZOfrepFlag).meta({ description: "Every flag, evaluated." }) }),
          ),
          304: noContent("`If-None-Match` names the current ETag."),
          400: ok("The body or its context is invalid.", ZOfrepError),
          ...keyRefused,
        },
      },
    },
  },
  {
    method: "post",
    path: "/ofrep/v1/evaluate/flags/{key}/",
    options: {
      auth: "none",
      openapi: {
        ...ofrep,
        operationId: "ofrepEvaluateFlag",
        summary: "Evaluate one flag (OFREP)",
        description: "The OpenFeature Remote Evaluation Protocol's single flag evaluation.",
        sdk: { security: "environmentKey", params: ZFlagKeyParams, body: ZOfrepRequest },
        paramDocs: { key: "Name of the feature to evaluate." },
        responses: {
          200: ok("The flag, evaluated.", ZOfrepFlag),
          400: ok("The body or its context is invalid.", ZOfrepError),
          ...keyRefused,
          404: ok("No flag has this name (`FLAG_NOT_FOUND`).", ZOfrepError),
        },
      },
    },
  },
];
