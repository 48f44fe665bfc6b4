"use client";
// The fields one audit entry changed: before and after, side by side.
import { ChangeTable } from "@/components/ui/change-table";
import { diffCells } from "@/components/ui/json-diff";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuditEntry } from "@/lib/dashboard/hooks";

export function AuditEntryChanges({ projectId, entryId }: { projectId: number; entryId: number }) {
  const { data, error } = useAuditEntry(projectId, entryId);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Skeleton className="h-16 w-full" />;
  if (data.change_details.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No field changed.</p>;
  }
  return (
    <ChangeTable
      label="Changes"
      rows={data.change_details.map((change) => ({
        key: change.field,
        field: change.field,
        ...diffCells(change.old, change.new),
      }))}
    />
  );
}
