"use client";
// Tabs kept in the page's query string (?tab=), so reload, back/forward and shared links open the
// same tab; switching away from an unsaved edit asks first. Keyboard as the ARIA pattern says: one tab stop, arrows move and select, Home/End.
// Only the selected panel is rendered, so a tab's data is fetched when it is opened.
import { usePathname, useSearchParams } from "next/navigation";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useGuardedPush } from "./unsaved-changes";

export type TabItem<K extends string> = { key: K; label: ReactNode };

/** The tab the address names, or the first one. */
export function useUrlTab<K extends string>(tabs: readonly TabItem<K>[]) {
  const params = useSearchParams();
  const pathname = usePathname();
  // A tab holding an unsaved edit asks first, as leaving the page does.
  const push = useGuardedPush();
  const asked = params.get("tab");
  const selected = tabs.find((t) => t.key === asked)?.key ?? tabs[0].key;
  const select = (key: K) => {
    const next = new URLSearchParams(params.toString());
    if (key === tabs[0].key) next.delete("tab");
    else next.set("tab", key);
    const query = next.toString();
    push(query ? `${pathname}?${query}` : pathname);
  };
  return [selected, select] as const;
}

export function Tabs<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const key = tabs[(to + tabs.length) % tabs.length].key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div className="space-y-6">
      <div className="overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        <div role="tablist" aria-label={label} className="flex min-w-max gap-1" onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const isSelected = tab.key === selected;
            return (
              <button
                key={tab.key}
                ref={(el) => {
                  if (el) refs.current.set(tab.key, el);
                  else refs.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={`${idPrefix}-tab-${tab.key}`}
                aria-selected={isSelected}
                aria-controls={`${idPrefix}-panel`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => onSelect(tab.key)}
                className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
                  isSelected
                    ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                    : "border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        tabIndex={0}
        className="space-y-10 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
      >
        {children}
      </div>
    </div>
  );
}
