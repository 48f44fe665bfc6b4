"use client";
import { CopyButton } from "@/components/ui/copy-button";

/** The exact body the API will receive, updated as the rules change. */
export function RulesPreview({ body }: { body: unknown }) {
  const text = JSON.stringify(body, null, 2);
  return (
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
  );
}
