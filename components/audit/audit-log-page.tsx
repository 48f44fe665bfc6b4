"use client";
// The project's audit log: who changed what and when, filtered by text, environment and
// date, each entry opening onto the fields it changed.
import { useState } from "react";
import { PermissionRequired } from "@/components/permissions/permission-required";
import { useProjectPermissions } from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useEnvironment, useProjectAuditLog } from "@/lib/dashboard/hooks";
import type { AuditLogEntry } from "@/lib/dashboard/types";
import { AuditEntryChanges } from "./audit-entry-changes";

/** A day picked in a date input, as the start or the end of that day in local time. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : undefined;

function EntryRow({ entry, projectId }: { entry: AuditLogEntry; projectId: number }) {
  const [open, setOpen] = useState(false);
  const who = entry.author?.email ?? (entry.is_system_event ? "Ensign" : "deleted account");
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1 text-sm font-medium">{entry.log}</span>
        {entry.environment && <Badge tone="indigo">{entry.environment.name}</Badge>}
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide changes" : "Show changes"}
        </Button>
      </div>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
        {who} · <time dateTime={entry.created_date}>{new Date(entry.created_date).toLocaleString()}</time>
      </p>
      {open && (
        <div className="mt-2 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900">
          <AuditEntryChanges projectId={projectId} entryId={entry.id} />
        </div>
      )}
    </li>
  );
}

type AuditLogPageProps = { projectId: number; environmentKey: string };

export function AuditLogPage(props: AuditLogPageProps) {
  const permissions = useProjectPermissions(props.projectId);
  return (
    <PermissionRequired permissions={permissions} permission="VIEW_AUDIT_LOG" title="Audit log">
      <AuditLog {...props} />
    </PermissionRequired>
  );
}

function AuditLog({ projectId, environmentKey }: AuditLogPageProps) {
  const { data: environment } = useEnvironment(environmentKey);
  const [search, setSearch] = useState("");
  const [thisEnvironment, setThisEnvironment] = useState(false);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { data, error } = useProjectAuditLog(projectId, {
    search: search.trim() || undefined,
    environments: thisEnvironment ? environment?.id : undefined,
    created_date_after: dayBound(from, false),
    created_date_before: dayBound(to, true),
  });
  const entries = data?.results;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made to this project: who made it, when, and what it changed."
      />
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <input
            type="search"
            aria-label="Search the audit log"
            placeholder="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${inputClass} max-w-xs`}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={thisEnvironment}
              onChange={(e) => setThisEnvironment(e.target.checked)}
            />
            Only {environment?.name ?? "this environment"}
          </label>
          <label className="text-sm">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">From</span>
            <input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={inputClass}
            />
          </label>
          <label className="text-sm">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">To</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} />
          </label>
        </div>
        <ErrorMessage error={error} />
        {!data && !error && (
          <Card>
            <ListSkeleton rows={4} />
          </Card>
        )}
        {entries?.length === 0 && <EmptyState title="No changes match">Try other filters.</EmptyState>}
        {entries && entries.length > 0 && (
          <Card>
            <ul aria-label="Audit log" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} projectId={projectId} />
              ))}
            </ul>
          </Card>
        )}
        {data && data.count > (entries?.length ?? 0) && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Showing the latest {entries?.length} of {data.count} changes; narrow the filters to see older
            ones.
          </p>
        )}
      </div>
    </>
  );
}
