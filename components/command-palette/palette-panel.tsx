"use client";
// The palette's content: a combobox (the search field) that owns a listbox of grouped results
// (WAI-ARIA's combobox pattern). Focus stays in the field; arrows move the active option,
// Enter opens it, a click or tap opens the option under it.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { MAX_QUERY_LENGTH, type PaletteItem } from "@/lib/dashboard/palette";
import type { RouteContext } from "@/lib/dashboard/route-context";
import { readRecent } from "@/lib/dashboard/recent-items";
import { PaletteOption } from "./palette-option";
import { usePaletteResults } from "./use-palette-results";

export function PalettePanel({
  context,
  onChoose,
  onClose,
}: {
  context: RouteContext;
  onChoose: (item: PaletteItem) => void;
  onClose: () => void;
}) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  // Read once per opening: what was opened last time is what the user looks for now.
  const [recent] = useState(() => readRecent(window.localStorage));
  const { groups, isSearching, failures } = usePaletteResults(context, query, recent);

  // Every option once, in order, with its DOM id and its place in the arrow-key order.
  let position = 0;
  const sections = groups.map((group) => ({
    ...group,
    options: group.items.map((item) => ({
      item,
      position: position++,
      id: `${baseId}-${group.key}-${item.id}`.replace(/[^\w-]/g, "_"),
    })),
  }));
  const options = sections.flatMap((section) => section.options);
  const active = Math.min(activeIndex, options.length - 1);
  const activeId = active >= 0 ? options[active].id : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((Math.max(active, 0) + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active >= 0) onChoose(options[active].item);
    }
  };

  const status = isSearching
    ? "Searching…"
    : options.length === 0
      ? `Nothing matches “${query.trim()}”.`
      : `${options.length} result${options.length === 1 ? "" : "s"}.`;

  return (
    <div className="flex max-h-[min(36rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-zinc-500 dark:fill-zinc-400">
          <path d="M8.5 3a5.5 5.5 0 1 0 3.3 9.9l3.6 3.6 1.1-1.1-3.6-3.6A5.5 5.5 0 0 0 8.5 3zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" />
        </svg>
        <input
          type="text"
          role="combobox"
          aria-label="Search flags, segments, identities and pages"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search flags, segments, identities, pages…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-base text-zinc-900 placeholder:text-zinc-500 focus:outline-none sm:text-sm dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        <button
          type="button"
          onClick={onClose}
          className="shrink-0 rounded border border-zinc-200 px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          <span className="sr-only">Close</span>
          <span aria-hidden>Esc</span>
        </button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        aria-busy={isSearching}
        className="min-h-0 flex-1 overflow-y-auto p-2"
      >
        {sections.map((section) => {
          const labelId = `${listId}-${section.key}`;
          return (
            <div key={section.key} role="group" aria-labelledby={labelId} className="pb-1">
              <div
                id={labelId}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
              >
                {section.label}
              </div>
              {section.options.map((option) => (
                <PaletteOption
                  key={option.id}
                  id={option.id}
                  item={option.item}
                  isActive={option.position === active}
                  onChoose={() => onChoose(option.item)}
                  onPoint={() => setActiveIndex(option.position)}
                />
              ))}
            </div>
          );
        })}
      </div>
      {failures.map((text) => (
        <p
          key={text}
          className="border-t border-zinc-200 px-4 py-2 text-xs text-amber-800 dark:border-zinc-800 dark:text-amber-300"
        >
          {text}
        </p>
      ))}
      <div className="flex items-center justify-between gap-3 border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <p role="status" aria-live="polite">
          {status}
        </p>
        <p aria-hidden className="hidden sm:block">
          ↑↓ to move · Enter to open · Esc to close
        </p>
      </div>
    </div>
  );
}
