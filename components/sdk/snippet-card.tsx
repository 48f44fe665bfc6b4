"use client";
import { useId } from "react";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import type { Snippet } from "@/lib/dashboard/sdk-snippets";

/** One SDK's set-up code with a button that copies it. */
export function SnippetCard({ snippet }: { snippet: Snippet }) {
  const headingId = useId();
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={headingId} data-testid={`snippet-${snippet.id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {snippet.title}
          </h2>
          <CopyButton value={snippet.code} label={`Copy ${snippet.title} snippet`} />
        </div>
        {snippet.install && (
          <p className="border-b border-zinc-200 px-4 py-2 font-mono text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <span aria-hidden className="select-none">
              ${" "}
            </span>
            {snippet.install}
          </p>
        )}
        <pre
          tabIndex={0}
          role="group"
          aria-label={`${snippet.title} code`}
          className="overflow-x-auto bg-zinc-50 p-4 font-mono text-xs leading-relaxed text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
        >
          <code>{snippet.code}</code>
        </pre>
      </section>
    </Card>
  );
}
