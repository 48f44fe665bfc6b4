// Fields that changed, before and after side by side: an audit entry's diff and the
// difference between two feature versions.
import type { ReactNode } from "react";

export type ChangeRow = { key: string; field: ReactNode; before: ReactNode; after: ReactNode };

export function ChangeTable({ label, rows }: { label: string; rows: ChangeRow[] }) {
  return (
    <table aria-label={label} className="w-full table-fixed text-left text-sm">
      <thead className="text-xs text-zinc-500 dark:text-zinc-400 uppercase">
        <tr>
          <th className="w-1/4 py-1 font-medium">Field</th>
          <th className="py-1 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 font-mono text-xs dark:divide-zinc-800">
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="py-1.5 pr-2 align-top font-sans">{row.field}</td>
            <td className="py-1.5 pr-2 align-top break-all text-red-700 dark:text-red-400">{row.before}</td>
            <td className="py-1.5 align-top break-all text-emerald-700 dark:text-emerald-400">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
