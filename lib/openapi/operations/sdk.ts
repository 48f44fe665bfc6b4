import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { ZFlagAnalyticsQuery } from "@/lib/sdk/schemas";
import { z } from "zod";
import { ZBadRequest, ZErrorDetail, ZValidationErrors } from "../responses/common";
import {
  ZEnvironmentDocument,
  ZFlag,
  ZFlagAnalytics,
  ZFlagList,
  ZIdentityFlag,
  ZIdentityFlags,
  ZTraitIncremented,
  ZTraitWritten,
  ZTraitWrittenList,
} from "../responses/sdk";
import {
  ZAnalyticsBody,
  ZFlagsQuery,
  ZIdentifyBody,
  ZIdentifyQuery,
  ZIdentityFlagsQuery,
  ZTraitBulkBody,
  ZTraitIncrementBody,
  ZTraitWriteBody,
} from "../requests/sdk";
import type { Operation } from "../types";
import { invalidEnvironmentKey, notAuthenticated, notFound, ok } from "./shared";

const tag = "SDK";
const sdk = { tag, security: "environmentKey", sdkHandler: true } as const;
const featureNotFound = {
  description: "`feature` names no flag of the environment (`Given feature not found`).",
  schema: ZErrorDetail,
};
const keyRefused = {
  ...invalidEnvironmentKey,
  description: `${invalidEnvironmentKey.description} Also when the organisation stopped serving flags.`,
};

const traitWriteErrors = {
  description: "A field is missing or invalid, or the body is not JSON.",
  schema: ZBadRequest,
};
const traitWriteRefused = {
  description:
    `${keyRefused.description} Also for a client-side key when the environment does not allow client traits, ` +
    "or an organisation that does not persist traits (`You do not have permission to perform this action.`).",
  schema: ZErrorDetail,
};

export const sdkOperations: Operation[] = [
  {
    ...sdk,
    method: "get",
    path: "/api/v1/flags/",
    operationId: "getFlags",
    summary: "Get the environment's flags",
    description:
      "The flags every user of the environment gets. Server-side keys also get server-key-only features.",
    query: ZFlagsQuery,
    status: 200,
    responses: {
      200: ok("The flags, or one flag with `feature`.", z.union([ZFlagList, ZFlag])),
      304: { description: "`If-None-Match` names the current ETag.", schema: null },
      403: keyRefused,
      404: featureNotFound,
    },
  },
  {
    ...sdk,
    method: "get",
    path: "/api/v1/identities/",
    operationId: "getIdentityFlags",
    summary: "Get an identity's flags",
    description:
      "Creates the identity if it is new (unless `transient`) and answers its flags with its stored traits.",
    query: ZIdentityFlagsQuery,
    status: 200,
    responses: {
      200: ok(
        'The identity with its flags; one flag with `feature`; `{detail: "Missing identifier"}` without `identifier`.',
        z.union([ZIdentityFlags, ZIdentityFlag, ZErrorDetail]),
      ),
      400: { description: "`identifier` is too long.", schema: ZValidationErrors },
      403: keyRefused,
      404: featureNotFound,
    },
  },
  {
    ...sdk,
    method: "post",
    path: "/api/v1/identities/",
    operationId: "identify",
    summary: "Identify with traits",
    description:
      "Creates the identity if it is new, stores its traits and answers its flags, in one call. Answers 200, not 201.",
    query: ZIdentifyQuery,
    body: ZIdentifyBody,
    status: 200,
    responses: {
      200: ok("The identity with its traits and flags.", ZIdentityFlags),
      400: {
        description:
          "Invalid fields (traits report one error object per item, `{}` for valid ones), identifiers that " +
          "disagree, or a body that is not JSON.",
        schema: ZBadRequest,
      },
      403: keyRefused,
    },
  },
  {
    ...sdk,
    security: "serverKey",
    method: "get",
    path: "/api/v1/environment-document/",
    operationId: "getEnvironmentDocument",
    summary: "Get the environment document",
    description: "Everything a local-evaluation SDK needs. Supports `If-None-Match` and `If-Modified-Since`.",
    status: 200,
    responses: {
      200: ok("The environment document.", ZEnvironmentDocument),
      304: { description: "The document has not changed since the validator sent.", schema: null },
      403: {
        description:
          "Missing key, a client-side key (`Invalid or missing Environment key`), or an unknown key.",
        schema: ZErrorDetail,
      },
    },
  },
  {
    ...sdk,
    method: "post",
    path: "/api/v1/analytics/flags/",
    operationId: "reportFlagEvaluations",
    summary: "Report flag evaluations",
    description: "SDKs report how often each flag was evaluated; the answer has no body.",
    body: ZAnalyticsBody,
    status: 200,
    responses: {
      200: { description: "The counts are recorded (empty body).", schema: null },
      400: {
        description: "The body is not a JSON object (`non_field_errors`), or not JSON (`{detail}`).",
        schema: ZBadRequest,
      },
      403: keyRefused,
    },
  },
  {
    ...sdk,
    method: "post",
    path: "/api/v1/traits/",
    operationId: "setTrait",
    summary: "Set a trait (legacy)",
    description:
      "Sets one trait of an identity, created if new. Older SDKs call this; current ones use `POST /api/v1/identities/`.",
    body: ZTraitWriteBody,
    status: 200,
    responses: {
      200: ok("The trait as written.", ZTraitWritten),
      400: traitWriteErrors,
      403: traitWriteRefused,
    },
  },
  {
    ...sdk,
    method: "put",
    path: "/api/v1/traits/bulk/",
    operationId: "setTraitsInBulk",
    summary: "Set many traits (legacy)",
    description: "Sets traits of any identities of the environment; `trait_value: null` deletes a trait.",
    body: ZTraitBulkBody,
    status: 200,
    responses: {
      200: ok("The traits as written.", ZTraitWrittenList),
      400: {
        description:
          "The body is not a list (`non_field_errors`), an item is invalid (one error object per item), or not JSON.",
        schema: z.union([ZBadRequest, z.array(ZValidationErrors).meta({ description: "Errors by item." })]),
      },
      403: traitWriteRefused,
    },
  },
  {
    ...sdk,
    method: "post",
    path: "/api/v1/traits/increment-value/",
    operationId: "incrementTrait",
    summary: "Increment an integer trait (legacy)",
    body: ZTraitIncrementBody,
    status: 200,
    responses: {
      200: ok("The trait's new value.", ZTraitIncremented),
      400: {
        description:
          "A field is missing or invalid, the stored trait is not an integer (`non_field_errors`), or not JSON.",
        schema: ZBadRequest,
      },
      403: traitWriteRefused,
    },
  },
  {
    method: "get",
    path: "/api/v1/environments/{apiKey}/analytics/flags/",
    operationId: "getFlagAnalytics",
    summary: "Get flag evaluation counts",
    description: "Counts per feature and UTC day over the last `days` days, as SDKs reported them.",
    tag: "Environments",
    security: "token",
    params: ZEnvironmentParams,
    query: ZFlagAnalyticsQuery,
    status: 200,
    responses: {
      200: ok("Counts by feature name.", ZFlagAnalytics),
      400: { description: "`days` is invalid.", schema: ZValidationErrors },
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
];
