"use client";
import type { Tag } from "@/lib/dashboard/types";

/** Toggle buttons, one per tag of the project. */
export function TagPicker({
  tags,
  selected,
  onChange,
}: {
  tags: Tag[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  if (tags.length === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">The project has no tags yet.</p>;
  }
  return (
    <div role="group" aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => {
        const on = selected.includes(tag.id);
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? selected.filter((id) => id !== tag.id) : [...selected, tag.id])}
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${
              on
                ? "bg-indigo-50 text-indigo-800 ring-indigo-400 dark:bg-indigo-950 dark:text-indigo-200"
                : "text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800"
            }`}
          >
            <span aria-hidden className="h-2 w-2 rounded-full" style={{ backgroundColor: tag.color }} />
            {tag.label}
          </button>
        );
      })}
    </div>
  );
}
