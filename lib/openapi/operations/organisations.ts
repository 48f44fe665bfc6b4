import { ZPageQuery } from "@/lib/api/pagination";
import { ZOrganisationCreate, ZOrganisationParams, ZOrganisationUpdate } from "@/lib/organisations/schemas";
import { ZOrganisation, ZOrganisationPage } from "../responses/organisations";
import type { FieldDocs, Operation } from "../types";
import { forbidden, invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Organisations";
const path = "/api/v1/organisations/{organisationId}/";
const settingsDocs: FieldDocs = {
  name: "Name of the organisation.",
  persist_trait_data: "Whether identity traits sent by SDKs are stored (default true).",
  stop_serving_flags: "Whether SDK endpoints refuse every request of this organisation (default false).",
  feature_analytics: "Whether flag evaluation analytics are recorded (default false).",
};
const update = {
  path,
  tag,
  security: "token",
  params: ZOrganisationParams,
  body: ZOrganisationUpdate,
  bodyDocs: settingsDocs,
  status: 200,
  responses: {
    200: ok("The updated organisation.", ZOrganisation),
    400: invalidBody,
    401: notAuthenticated,
    403: forbidden("The caller is a member but not an admin of the organisation"),
    404: notFound("The organisation"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const organisationOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/organisations/",
    operationId: "listOrganisations",
    summary: "List organisations",
    description: "The organisations the caller belongs to, 10 per page.",
    tag,
    security: "token",
    query: ZPageQuery,
    status: 200,
    responses: {
      200: ok("A page of organisations.", ZOrganisationPage),
      401: notAuthenticated,
      404: invalidPage,
    },
  },
  {
    method: "post",
    path: "/api/v1/organisations/",
    operationId: "createOrganisation",
    summary: "Create an organisation",
    description: "The caller becomes its admin.",
    tag,
    security: "token",
    body: ZOrganisationCreate,
    bodyDocs: settingsDocs,
    status: 201,
    responses: {
      201: ok("The created organisation.", ZOrganisation),
      400: invalidBody,
      401: notAuthenticated,
    },
  },
  {
    method: "get",
    path,
    operationId: "getOrganisation",
    summary: "Get an organisation",
    tag,
    security: "token",
    params: ZOrganisationParams,
    status: 200,
    responses: {
      200: ok("The organisation.", ZOrganisation),
      401: notAuthenticated,
      404: notFound("The organisation"),
    },
  },
  { ...update, method: "put", operationId: "updateOrganisation", summary: "Update an organisation" },
  {
    ...update,
    method: "patch",
    operationId: "partialUpdateOrganisation",
    summary: "Partially update an organisation",
  },
  {
    method: "delete",
    path,
    operationId: "deleteOrganisation",
    summary: "Delete an organisation",
    description: "Deletes the organisation with its projects, environments and everything in them.",
    tag,
    security: "token",
    params: ZOrganisationParams,
    status: 204,
    responses: {
      204: noContent("The organisation is deleted."),
      401: notAuthenticated,
      403: forbidden("The caller is a member but not an admin of the organisation"),
      404: notFound("The organisation"),
    },
  },
];
