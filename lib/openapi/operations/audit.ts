import {
  ZAuditLogParams,
  ZAuditLogQuery,
  ZOrganisationAuditLogEntryParams,
  ZOrganisationAuditLogParams,
  ZProjectAuditLogEntryParams,
  ZProjectAuditLogParams,
} from "@/lib/audit/schemas";
import { ZAuditLogEntryDetail, ZAuditLogPage } from "../responses/audit";
import type { Operation } from "../types";
import { forbidden, invalidPage, invalidQuery, notAuthenticated, notFound, ok } from "./shared";

const tag = "Audit log";
const listResponses = (scope: string) => ({
  200: ok(`One page of ${scope}'s audit log entries, newest first.`, ZAuditLogPage),
  400: invalidQuery,
  401: notAuthenticated,
});
const paramDocs = { auditLogId: "Numeric id of the audit log entry." };

export const auditOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/audit/",
    operationId: "listAuditLog",
    summary: "List audit log entries",
    description: "Entries of every organisation the caller is an admin of.",
    tag,
    security: "token",
    query: ZAuditLogQuery,
    status: 200,
    responses: { ...listResponses("the caller's organisations"), 404: invalidPage },
  },
  {
    method: "get",
    path: "/api/v1/audit/{auditLogId}/",
    operationId: "getAuditLogEntry",
    summary: "Get an audit log entry",
    tag,
    security: "token",
    params: ZAuditLogParams,
    paramDocs,
    status: 200,
    responses: {
      200: ok("The entry with its change details.", ZAuditLogEntryDetail),
      401: notAuthenticated,
      404: notFound("The entry"),
    },
  },
  {
    method: "get",
    path: "/api/v1/projects/{projectId}/audit/",
    operationId: "listProjectAuditLog",
    summary: "List a project's audit log entries",
    tag,
    security: "token",
    params: ZProjectAuditLogParams,
    query: ZAuditLogQuery,
    status: 200,
    responses: { ...listResponses("the project"), 404: notFound("The project, or the page,") },
  },
  {
    method: "get",
    path: "/api/v1/projects/{projectId}/audit/{auditLogId}/",
    operationId: "getProjectAuditLogEntry",
    summary: "Get an audit log entry of a project",
    tag,
    security: "token",
    params: ZProjectAuditLogEntryParams,
    paramDocs,
    status: 200,
    responses: {
      200: ok("The entry with its change details.", ZAuditLogEntryDetail),
      401: notAuthenticated,
      404: notFound("The project or the entry"),
    },
  },
  {
    method: "get",
    path: "/api/v1/organisations/{organisationId}/audit/",
    operationId: "listOrganisationAuditLog",
    summary: "List an organisation's audit log entries",
    description: "Only the organisation's admins may read it.",
    tag,
    security: "token",
    params: ZOrganisationAuditLogParams,
    query: ZAuditLogQuery,
    status: 200,
    responses: {
      ...listResponses("the organisation"),
      403: forbidden("The caller is a member but not an admin of the organisation"),
      404: notFound("The organisation, or the page,"),
    },
  },
  {
    method: "get",
    path: "/api/v1/organisations/{organisationId}/audit/{auditLogId}/",
    operationId: "getOrganisationAuditLogEntry",
    summary: "Get an audit log entry of an organisation",
    tag,
    security: "token",
    params: ZOrganisationAuditLogEntryParams,
    paramDocs,
    status: 200,
    responses: {
      200: ok("The entry with its change details.", ZAuditLogEntryDetail),
      401: notAuthenticated,
      403: forbidden("The caller is a member but not an admin of the organisation"),
      404: notFound("The organisation or the entry"),
    },
  },
];
