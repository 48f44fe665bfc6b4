// Audit log entries as Flagsmith's AuditLogListSerializer and AuditLogRetrieveSerializer
// show them. The project and environment are Ensign's usual project and environment
// objects; an entry whose project, environment or author is gone shows null there.
import { db, type DbOrTx } from "@/lib/db/client";
import { serializeEnvironment } from "@/lib/wire/environment";
import { serializeProject } from "@/lib/wire/project";
import type { ChangeDetail } from "./diff";
import type { z } from "zod";
import type { ZAuditLogEntry, ZAuditLogEntryDetail } from "@/lib/audit/responses";

export type AuditLogRow = {
  id: number;
  createdAt: Date;
  projectId: number | null;
  environmentId: number | null;
  authorId: number | null;
  masterApiKeyId: number | null;
  log: string;
  relatedObjectType: string;
  relatedObjectId: number | null;
  relatedObjectUuid: string | null;
  changeType: string;
  changes: string;
  isSystemEvent: boolean;
};

type UserRow = {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  lastLogin: Date | null;
};

type Related = {
  projects: Map<number, Parameters<typeof serializeProject>[0]>;
  environments: Map<number, Parameters<typeof serializeEnvironment>[0]>;
  authors: Map<number, UserRow>;
  masterApiKeys: Map<number, { id: number; prefix: string; name: string }>;
};

function serializeAuthor(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    last_login: user.lastLogin?.toISOString() ?? null,
    uuid: user.uuid,
  };
}

function lookup<T, R>(map: Map<number, T>, id: number | null, serialize: (row: T) => R): R | null {
  const row = id === null ? undefined : map.get(id);
  return row === undefined ? null : serialize(row);
}

export function serializeAuditLog(row: AuditLogRow, related: Related): z.infer<typeof ZAuditLogEntry> {
  return {
    id: row.id,
    created_date: row.createdAt.toISOString(),
    log: row.log,
    author: lookup(related.authors, row.authorId, serializeAuthor),
    master_api_key: lookup(related.masterApiKeys, row.masterApiKeyId, (k) => ({
      id: k.id,
      prefix: k.prefix,
      name: k.name,
    })),
    environment: lookup(related.environments, row.environmentId, serializeEnvironment),
    project: lookup(related.projects, row.projectId, serializeProject),
    related_object_id: row.relatedObjectId,
    related_object_uuid: row.relatedObjectUuid,
    related_object_type: row.relatedObjectType as z.infer<typeof ZAuditLogEntry>["related_object_type"],
    is_system_event: row.isSystemEvent,
  };
}

export function serializeAuditLogDetail(
  row: AuditLogRow,
  related: Related,
): z.infer<typeof ZAuditLogEntryDetail> {
  return {
    ...serializeAuditLog(row, related),
    change_details: JSON.parse(row.changes) as ChangeDetail[],
    change_type: row.changeType as z.infer<typeof ZAuditLogEntryDetail>["change_type"],
  };
}

/** Projects, environments and authors of a set of entries, by id; gone ones are absent. */
export async function loadRelated(
  rows: {
    projectId: number | null;
    environmentId: number | null;
    authorId: number | null;
    masterApiKeyId: number | null;
  }[],
  client: DbOrTx = db,
): Promise<Related> {
  const ids = (key: "projectId" | "environmentId" | "authorId" | "masterApiKeyId") => [
    ...new Set(rows.map((r) => r[key]).filter((id): id is number => id !== null)),
  ];
  const [projects, environments, authors, masterApiKeys] = await Promise.all([
    client.project.findMany({ where: { id: { in: ids("projectId") } } }),
    client.environment.findMany({ where: { id: { in: ids("environmentId") } } }),
    client.user.findMany({ where: { id: { in: ids("authorId") } } }),
    client.masterApiKey.findMany({
      where: { id: { in: ids("masterApiKeyId") } },
      select: { id: true, prefix: true, name: true },
    }),
  ]);
  return {
    projects: new Map(projects.map((p) => [p.id, p])),
    environments: new Map(environments.map((e) => [e.id, e])),
    authors: new Map(authors.map((u) => [u.id, u])),
    masterApiKeys: new Map(masterApiKeys.map((k) => [k.id, k])),
  };
}
