"use client";
import type { PaletteItem } from "@/lib/dashboard/palette";

const KIND_LABELS: Record<PaletteItem["kind"], string> = {
  flag: "Flag",
  segment: "Segment",
  identity: "Identity",
  page: "Page",
};

/** One result: the name, a second line, and what kind of thing it is. */
export function PaletteOption({
  id,
  item,
  isActive,
  onChoose,
  onPoint,
}: {
  id: string;
  item: PaletteItem;
  isActive: boolean;
  onChoose: () => void;
  onPoint: () => void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      onClick={onChoose}
      onMouseMove={isActive ? undefined : onPoint}
      className={`flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 ${
        isActive ? "bg-indigo-50 dark:bg-indigo-950/60" : ""
      }`}
    >
      <span className="min-w-0 flex-1">
        <span
          className={`block truncate text-sm font-medium ${
            isActive ? "text-indigo-800 dark:text-indigo-200" : "text-zinc-900 dark:text-zinc-100"
          }`}
        >
          {item.label}
        </span>
        {item.detail && (
          <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{item.detail}</span>
        )}
      </span>
      <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">{KIND_LABELS[item.kind]}</span>
    </div>
  );
}
