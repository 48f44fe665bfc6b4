"use client";
// What a segment change request changes in one segment: name, description and rules against
// the live segment (which the request's answer carries).
import { ChangeTable, type ChangeRow } from "@/components/ui/change-table";
import { diffCells } from "@/components/ui/json-diff";
import type { ProjectChangeRequest } from "@/lib/dashboard/types";

type Proposed = ProjectChangeRequest["segments"][number];

/** Rules without the ids the API assigns, so live and proposed compare by content. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "id" && key !== "delete")
        .map(([key, inner]) => [key, withoutIds(inner)]),
    );
  return value;
}

export function ProposedSegmentDiff({ proposed }: { proposed: Proposed }) {
  const { live } = proposed;
  if (!live)
    return <p className="text-sm text-red-700 dark:text-red-400">Segment {proposed.id} no longer exists.</p>;
  const rows: ChangeRow[] = [];
  const add = (key: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after))
      rows.push({ key, field: key, ...diffCells(before, after, { quoteText: true }) });
  };
  add("Name", live.name, proposed.name);
  add("Description", live.description ?? null, proposed.description);
  add("Rules", withoutIds(live.rules), withoutIds(proposed.rules));
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">Segment {live.name}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Same as live: no difference.</p>
      ) : (
        <ChangeTable label={`Changes to segment ${live.name}`} rows={rows} />
      )}
    </div>
  );
}
