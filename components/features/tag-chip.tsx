"use client";
import type { Tag } from "@/lib/dashboard/types";

/** A tag's label on its colour; the colour is the user's, so it is only a dot beside the text. */
export function TagChip({ tag }: { tag: Tag }) {
  return (
    <span
      data-testid="tag-chip"
      title={tag.description ?? undefined}
      className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-zinc-700 ring-1 ring-zinc-300 ring-inset dark:text-zinc-200 dark:ring-zinc-700"
    >
      <span aria-hidden className="h-2 w-2 rounded-full" style={{ backgroundColor: tag.color }} />
      {tag.label}
    </span>
  );
}
