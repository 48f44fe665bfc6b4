"use client";
// The command palette: Ctrl+K (⌘K on a Mac), or `/` outside a text field, or the Search button
// in the top bar opens it. It is a modal <dialog>: the rest of the page is inert while it is
// open, Escape closes it, and focus goes back to what had it before.
import { useCallback, useEffect, useRef, useState } from "react";
import { useGuardedPush } from "@/components/ui/unsaved-changes";
import type { PaletteItem } from "@/lib/dashboard/palette";
import type { RouteContext } from "@/lib/dashboard/route-context";
import { rememberRecent } from "@/lib/dashboard/recent-items";
import { PalettePanel } from "./palette-panel";

/** Where typing `/` means a slash, not "open the palette". */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}

export function CommandPalette({ context }: { context: RouteContext }) {
  const push = useGuardedPush();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [isMac, setMac] = useState(false);

  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);

  const open = useCallback(() => {
    if (dialogRef.current?.open) return;
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    // After the dialog has closed (and given focus back itself, where the browser does).
    requestAnimationFrame(() => {
      if (target?.isConnected && document.activeElement !== target) target.focus();
    });
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const isShortcut =
        event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      const isSlash = event.key === "/" && !event.ctrlKey && !event.metaKey && !isTextField(event.target);
      if (!isShortcut && !isSlash) return;
      const palette = dialogRef.current;
      if (palette?.open) {
        if (isShortcut) {
          event.preventDefault();
          close();
        }
        return;
      }
      // Another dialog (a confirmation, an editor) keeps the keyboard.
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      open();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  const choose = (item: PaletteItem) => {
    rememberRecent(window.localStorage, item);
    close();
    if (item.external) window.location.assign(item.href);
    else push(item.href);
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={open}
        className="flex h-8 items-center gap-2 rounded-md border border-zinc-200 px-2 text-sm text-zinc-700 hover:bg-zinc-100 sm:w-44 md:w-56 dark:border-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-current">
          <path d="M8.5 3a5.5 5.5 0 1 0 3.3 9.9l3.6 3.6 1.1-1.1-3.6-3.6A5.5 5.5 0 0 0 8.5 3zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" />
        </svg>
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">Search</span>
        <kbd
          aria-hidden
          className="hidden rounded border border-zinc-200 px-1 font-sans text-xs text-zinc-600 sm:inline dark:border-zinc-700 dark:text-zinc-400"
        >
          {isMac ? "⌘K" : "Ctrl K"}
        </kbd>
      </button>
      <dialog
        ref={dialogRef}
        aria-label="Search and go to"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> itself.
          if (event.target === event.currentTarget) close();
        }}
        className="mx-auto mt-[8vh] w-[calc(100%-1rem)] max-w-xl overflow-hidden rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px] sm:mt-[12vh] dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
      >
        {isOpen && <PalettePanel context={context} onChoose={choose} onClose={close} />}
      </dialog>
    </>
  );
}
