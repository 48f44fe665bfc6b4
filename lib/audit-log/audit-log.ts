// Reading the audit log: every entry of the organisations the caller administers, and the
// caller's own (/audit/), of one project (/projects/{id}/audit/) or of one organisation
// (/organisations/{id}/audit/), newest first, filtered and paged as Flagsmith does.
// Apart from lib/audit, the recorder every domain calls: reading checks access with the
// tenant helpers of lib/organisations, which itself records entries.
import { ValidationError, NotFoundError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { databaseUrl, db, isPostgresUrl } from "@/lib/db/client";
import { requireOrganisationAdmin, requireProject } from "@/lib/organisations/access";
import type { TAuditLogQuery } from "./schemas";
import {
  loadRelated,
  serializeAuditLog,
  serializeAuditLogDetail,
  type AuditLogRow,
} from "@/lib/audit/serializers";

export type AuditScope =
  | { kind: "all"; userId: number }
  | { kind: "project"; userId: number; projectId: number }
  | { kind: "organisation"; userId: number; organisationId: number };

async function scopeWhere(scope: AuditScope) {
  if (scope.kind === "project") {
    await requireProject(scope.userId, scope.projectId);
    return { projectId: scope.projectId };
  }
  if (scope.kind === "organisation") {
    await requireOrganisationAdmin(scope.userId, scope.organisationId);
    return { organisationId: scope.organisationId };
  }
  const admin = await db.organisationUser.findMany({
    where: { userId: scope.userId, role: "ADMIN" },
    select: { organisationId: true },
  });
  // Besides its organisations' entries, an account always sees its own changes (also those
  // of organisations it has since deleted or left).
  return { OR: [{ organisationId: { in: admin.map((m) => m.organisationId) } }, { authorId: scope.userId }] };
}

/** `environments` may be repeated (DRF's list field) or comma-separated. */
function environmentIds(request: Request, query: TAuditLogQuery): number[] | undefined {
  const raw = new URL(request.url).searchParams.getAll("environments");
  if (raw.length <= 1) return query.environments;
  const ids = raw.flatMap((v) => v.split(","));
  if (ids.some((id) => !/^\d{1,10}$/.test(id.trim()))) {
    throw ValidationError.field("environments", "A valid integer is required.");
  }
  return ids.map(Number);
}

function filters(request: Request, query: TAuditLogQuery) {
  const environments = environmentIds(request, query);
  // SQLite's LIKE already ignores ASCII case; PostgreSQL needs Prisma's insensitive mode.
  const insensitive = isPostgresUrl(databaseUrl()) ? { mode: "insensitive" as never } : {};
  return {
    ...(query.project !== undefined && { projectId: query.project }),
    ...(environments && { environmentId: { in: environments } }),
    ...(query.is_system_event !== undefined && { isSystemEvent: query.is_system_event }),
    ...(query.search && { log: { contains: query.search, ...insensitive } }),
    ...((query.created_date_after || query.created_date_before) && {
      createdAt: { gte: query.created_date_after, lte: query.created_date_before },
    }),
  };
}

export async function listAuditLog(scope: AuditScope, request: Request, query: TAuditLogQuery) {
  const where = { ...(await scopeWhere(scope)), ...filters(request, query) };
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: window.skip,
      take: window.take,
    }),
  ]);
  const related = await loadRelated(rows);
  return buildPage(
    request,
    window,
    count,
    rows.map((row: AuditLogRow) => serializeAuditLog(row, related)),
  );
}

export async function getAuditLogEntry(scope: AuditScope, auditLogId: number) {
  const row = await db.auditLog.findFirst({ where: { id: auditLogId, ...(await scopeWhere(scope)) } });
  if (!row) throw new NotFoundError();
  return serializeAuditLogDetail(row, await loadRelated([row]));
}
