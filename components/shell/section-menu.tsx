"use client";
// Below the md breakpoint the section sidebar folds behind a menu button in the top bar, so
// the page starts at the top of a phone's screen instead of under a wall of wrapped links.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";

export const SECTION_NAV_ID = "section-nav";

export function useSectionMenu() {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>("a[href], button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [isOpen]);

  // Following a link closes the menu: the next page should not open under it.
  const onPanelClick = useCallback((event: MouseEvent) => {
    if ((event.target as Element).closest("a[href]")) setOpen(false);
  }, []);

  return { isOpen, setOpen, buttonRef, panelRef, onPanelClick };
}

export function SectionMenuButton({
  isOpen,
  setOpen,
  buttonRef,
}: Pick<ReturnType<typeof useSectionMenu>, "isOpen" | "setOpen" | "buttonRef">) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={isOpen}
      aria-controls={SECTION_NAV_ID}
      onClick={() => setOpen(!isOpen)}
      className="flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 md:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        {isOpen ? (
          <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
        ) : (
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
        )}
      </svg>
      Menu
    </button>
  );
}
