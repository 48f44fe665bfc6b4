"use client";
import { CopyButton } from "@/components/ui/copy-button";
import type { GroupNode } from "@/lib/dashboard/segment-rules";
import { describeGroups } from "@/lib/dashboard/segment-text";

/** The rules as one readable line, and the exact body the API will receive, updated as they change. */
export function RulesPreview({ body, groups }: { body: unknown; groups: GroupNode[] }) {
  const text = JSON.stringify(body, null, 2);
  return (
    <div className="space-y-3">
      <div className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Matches identities where</h2>
        <p
          data-testid="rules-summary"
          className="mt-1 font-mono text-sm break-words text-zinc-900 dark:text-zinc-100"
        >
          {describeGroups(groups)}
        </p>
      </div>
      <div className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-950 dark:border-zinc-800">
        <div className="flex items-center justify-between border-b border-zinc-800 px-3 py-1.5">
          <h2 className="text-xs font-medium text-zinc-400">Request body (live)</h2>
          <CopyButton value={text} label="Copy JSON" />
        </div>
        <pre
          data-testid="rules-preview"
          // It scrolls: keyboard users reach it to scroll it too.
          tabIndex={0}
          role="region"
          aria-label="Request body"
          className="max-h-[32rem] overflow-auto p-3 font-mono text-[11px] leading-relaxed text-emerald-300"
        >
          {text}
        </pre>
      </div>
    </div>
  );
}
