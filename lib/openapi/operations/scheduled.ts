import {
  ZScheduledChangeCreate,
  ZScheduledChangeParams,
  ZScheduledChangesParams,
} from "@/lib/scheduled/schemas";
import { ZErrorDetail } from "../responses/common";
import { ZScheduledChange, ZScheduledChangeList } from "../responses/scheduled";
import type { Operation } from "../types";
import { invalidBody, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Feature versions";
const list = "/api/v1/environments/{apiKey}/features/{featureId}/scheduled-changes/";

export const scheduledChangeOperations: Operation[] = [
  {
    method: "get",
    path: list,
    operationId: "listScheduledChanges",
    summary: "List the scheduled changes of a feature in an environment",
    tag,
    security: "token",
    params: ZScheduledChangesParams,
    status: 200,
    responses: {
      200: ok("The scheduled changes.", ZScheduledChangeList),
      401: notAuthenticated,
      404: notFound("The environment or the feature"),
    },
  },
  {
    method: "post",
    path: list,
    operationId: "createScheduledChange",
    summary: "Schedule a change of the environment default and segment overrides",
    description:
      "The server applies it at run_at (on several instances, exactly once); each state it changes is audited and notified to the environment's webhooks, and the whole change becomes one version. Every segment named must override the feature in the environment when scheduled.",
    tag,
    security: "token",
    params: ZScheduledChangesParams,
    body: ZScheduledChangeCreate,
    status: 201,
    responses: {
      201: ok("The scheduled change.", ZScheduledChange),
      400: invalidBody,
      401: notAuthenticated,
      404: notFound("The environment or the feature"),
    },
  },
  {
    method: "delete",
    path: `${list}{changeId}/`,
    operationId: "cancelScheduledChange",
    summary: "Cancel a scheduled change",
    tag,
    security: "token",
    params: ZScheduledChangeParams,
    status: 204,
    responses: {
      204: noContent("Cancelled."),
      400: { description: "The change has applied or was cancelled already.", schema: ZErrorDetail },
      401: notAuthenticated,
      404: notFound("The environment, the feature or the change"),
    },
  },
];
