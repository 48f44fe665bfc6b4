import {
  ZAssociatedFeaturesQuery,
  ZIdentityCountQuery,
  ZProjectSegmentsParams,
  ZSegmentCreate,
  ZSegmentListQuery,
  ZSegmentParams,
  ZSegmentPatch,
  ZSegmentUpdate,
} from "@/lib/segments/schemas";
import {
  ZSegment,
  ZSegmentAssociatedFeaturePage,
  ZSegmentIdentityCount,
  ZSegmentPage,
} from "../responses/segments";
import type { Operation } from "../types";
import {
  forbidden,
  invalidBody,
  invalidPage,
  invalidQuery,
  noContent,
  notAuthenticated,
  notFound,
  ok,
} from "./shared";

const tag = "Segments";
const listPath = "/api/v1/projects/{projectId}/segments/";
const path = "/api/v1/projects/{projectId}/segments/{segmentId}/";
const badSegment = {
  ...invalidBody,
  description:
    `${invalidBody.description} Rules nested too deep or too many conditions are reported under \`segment\`; ` +
    "a feature of another project under `feature`.",
};
const featureForbidden = forbidden("The `feature` named in the body is not visible to the caller");
const write = {
  path,
  tag,
  security: "token",
  params: ZSegmentParams,
  status: 200,
  responses: {
    200: ok("The updated segment.", ZSegment),
    400: badSegment,
    401: notAuthenticated,
    403: featureForbidden,
    404: notFound("The project or the segment"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const segmentOperations: Operation[] = [
  {
    method: "get",
    path: listPath,
    operationId: "listSegments",
    summary: "List the segments of a project",
    description: "Up to 999 per page (`page_size`), oldest first.",
    tag,
    security: "token",
    params: ZProjectSegmentsParams,
    query: ZSegmentListQuery,
    status: 200,
    responses: {
      200: ok("A page of segments.", ZSegmentPage),
      400: { ...invalidQuery, description: "`include_feature_specific` is not a boolean." },
      401: notAuthenticated,
      404: {
        ...invalidPage,
        description: "The project does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    method: "post",
    path: listPath,
    operationId: "createSegment",
    summary: "Create a segment",
    description:
      "Rules nest two levels at most: top-level rules (usually one ALL) holding rules (usually ANY) holding conditions.",
    tag,
    security: "token",
    params: ZProjectSegmentsParams,
    body: ZSegmentCreate,
    status: 201,
    responses: {
      201: ok("The created segment.", ZSegment),
      400: badSegment,
      401: notAuthenticated,
      403: featureForbidden,
      404: notFound("The project"),
    },
  },
  {
    method: "get",
    path,
    operationId: "getSegment",
    summary: "Get a segment",
    tag,
    security: "token",
    params: ZSegmentParams,
    status: 200,
    responses: {
      200: ok("The segment with its rules.", ZSegment),
      401: notAuthenticated,
      404: notFound("The project or the segment"),
    },
  },
  {
    ...write,
    method: "put",
    operationId: "updateSegment",
    summary: "Replace a segment",
    description: "Replaces the segment and its whole rule tree.",
    body: ZSegmentUpdate,
  },
  {
    ...write,
    method: "patch",
    operationId: "partialUpdateSegment",
    summary: "Partially update a segment",
    description: "Changes the fields sent; `rules`, when sent, replace the whole rule tree.",
    body: ZSegmentPatch,
  },
  {
    method: "delete",
    path,
    operationId: "deleteSegment",
    summary: "Delete a segment",
    description: "Deletes the segment with its rules and its overrides.",
    tag,
    security: "token",
    params: ZSegmentParams,
    status: 204,
    responses: {
      204: noContent("The segment is deleted."),
      401: notAuthenticated,
      404: notFound("The project or the segment"),
    },
  },
  {
    method: "get",
    path: `${path}associated-features/`,
    operationId: "listSegmentAssociatedFeatures",
    summary: "List the features a segment overrides",
    description:
      "One row per segment override (feature state) of the segment, in every environment of the project or in `environment`. Up to 999 per page (`page_size`).",
    tag,
    security: "token",
    params: ZSegmentParams,
    query: ZAssociatedFeaturesQuery,
    status: 200,
    responses: {
      200: ok("A page of segment overrides.", ZSegmentAssociatedFeaturePage),
      400: { ...invalidQuery, description: "`environment` is not an integer." },
      401: notAuthenticated,
      404: {
        ...invalidPage,
        description:
          "The project or the segment does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    method: "get",
    path: `${path}identity-count/`,
    operationId: "countSegmentIdentities",
    summary: "Count the identities a segment matches in an environment",
    description:
      "Ensign extension. Evaluates the segment with the SDK engine against the environment's stored identities and their traits, " +
      "in batches, at most `scan_limit` identities (ENSIGN_SEGMENT_COUNT_SCAN_LIMIT, default 10,000) per request; " +
      'past that `is_complete` is false and `count` is a lower bound ("at least").',
    tag,
    security: "token",
    params: ZSegmentParams,
    query: ZIdentityCountQuery,
    status: 200,
    responses: {
      200: ok("The count.", ZSegmentIdentityCount),
      400: { ...invalidQuery, description: "`environment` is missing." },
      401: notAuthenticated,
      404: notFound("The project, the segment, or the environment in that project"),
    },
  },
];
