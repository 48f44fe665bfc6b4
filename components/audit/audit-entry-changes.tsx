"use client";
// The fields one audit entry changed: before and after, side by side.
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuditEntry } from "@/lib/dashboard/hooks";

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);

export function AuditEntryChanges({ projectId, entryId }: { projectId: number; entryId: number }) {
  const { data, error } = useAuditEntry(projectId, entryId);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Skeleton className="h-16 w-full" />;
  if (data.change_details.length === 0) {
    return <p className="text-sm text-zinc-500">No field changed.</p>;
  }
  return (
    <table aria-label="Changes" className="w-full table-fixed text-left text-sm">
      <thead className="text-xs text-zinc-500 uppercase">
        <tr>
          <th className="w-1/4 py-1 font-medium">Field</th>
          <th className="py-1 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 font-mono text-xs dark:divide-zinc-800">
        {data.change_details.map((change) => (
          <tr key={change.field}>
            <td className="py-1.5 pr-2 align-top">{change.field}</td>
            <td className="py-1.5 pr-2 align-top break-all text-red-700 dark:text-red-400">
              {show(change.old)}
            </td>
            <td className="py-1.5 align-top break-all text-emerald-700 dark:text-emerald-400">
              {show(change.new)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
