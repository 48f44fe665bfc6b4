import { z } from "zod";
import {
  ZEnvironmentCreate,
  ZEnvironmentListQuery,
  ZEnvironmentParams,
  ZEnvironmentUpdate,
} from "@/lib/environments/schemas";
import { ZErrorList, ZValidationErrors } from "../responses/common";
import { ZEnvironment, ZEnvironmentPage } from "../responses/environments";
import type { FieldDocs, Operation } from "../types";
import { forbidden, invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Environments";
const path = "/api/v1/environments/{apiKey}/";
const settingsDocs: FieldDocs = {
  name: "Name of the environment, unique in its project.",
  description: "Description; null clears it.",
  banner_text: "Banner shown in the dashboard for this environment; null clears it.",
  banner_colour: "Colour of the banner, e.g. `#FF0000`; null clears it.",
  minimum_change_request_approvals: "Approvals a change request needs; null turns change requests off.",
  allow_client_traits: "Whether client-side keys may set identity traits (default true).",
  hide_disabled_flags: "Whether SDKs receive only enabled flags; null follows the project (default null).",
  hide_sensitive_data: "Whether SDK responses leave out ids, descriptions and traits (default false).",
  use_identity_composite_key_for_hashing:
    "Whether percentage splits hash `<api_key>_<identifier>` rather than the identity id (default true).",
  use_identity_overrides_in_local_eval:
    "Whether the environment document carries identity overrides for local evaluation (default true).",
  is_protected:
    "Ensign extension (not in Flagsmith): whether the dashboard asks for confirmation before every change in this environment (default false).",
};
const update = {
  path,
  tag,
  security: "token",
  params: ZEnvironmentParams,
  body: ZEnvironmentUpdate,
  bodyDocs: settingsDocs,
  status: 200,
  responses: {
    200: ok("The updated environment.", ZEnvironment),
    400: {
      ...invalidBody,
      description: `${invalidBody.description} A duplicate name is a \`non_field_errors\`.`,
    },
    401: notAuthenticated,
    404: notFound("The environment"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const environmentOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/environments/",
    operationId: "listEnvironments",
    summary: "List the environments of a project",
    description: "10 per page. `project` is required.",
    tag,
    security: "token",
    query: ZEnvironmentListQuery,
    status: 200,
    responses: {
      200: ok("A page of environments.", ZEnvironmentPage),
      400: {
        description:
          "`project` is missing or not a number (a bare list: `Invalid or missing value for project parameter.`), or `page` is invalid.",
        schema: z.union([ZErrorList, ZValidationErrors]),
      },
      401: notAuthenticated,
      403: forbidden("The project does not exist or is not visible to the caller"),
      404: invalidPage,
    },
  },
  {
    method: "post",
    path: "/api/v1/environments/",
    operationId: "createEnvironment",
    summary: "Create an environment",
    description: "The new environment gets a state for every feature of the project.",
    tag,
    security: "token",
    body: ZEnvironmentCreate,
    bodyDocs: { ...settingsDocs, project: "Id of the project to create the environment in." },
    status: 201,
    responses: {
      201: ok("The created environment, with its environment key.", ZEnvironment),
      400: update.responses[400],
      401: notAuthenticated,
      403: forbidden("The project does not exist or is not visible to the caller"),
    },
  },
  {
    method: "get",
    path,
    operationId: "getEnvironment",
    summary: "Get an environment",
    tag,
    security: "token",
    params: ZEnvironmentParams,
    status: 200,
    responses: {
      200: ok("The environment.", ZEnvironment),
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
  { ...update, method: "put", operationId: "updateEnvironment", summary: "Update an environment" },
  {
    ...update,
    method: "patch",
    operationId: "partialUpdateEnvironment",
    summary: "Partially update an environment",
  },
  {
    method: "delete",
    path,
    operationId: "deleteEnvironment",
    summary: "Delete an environment",
    description: "Deletes the environment with its feature states, identities and keys.",
    tag,
    security: "token",
    params: ZEnvironmentParams,
    status: 204,
    responses: {
      204: noContent("The environment is deleted."),
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
];
