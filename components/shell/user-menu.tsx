"use client";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { useMe } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { ThemeToggle } from "./theme-toggle";

export function UserMenu() {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const initial = (me?.first_name || me?.email || "?").charAt(0).toUpperCase();

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen(!open)}
        className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 hover:bg-indigo-200 dark:bg-indigo-950 dark:text-indigo-300 dark:hover:bg-indigo-900"
      >
        {initial}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-30 mt-2 w-64 rounded-lg border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium">
              {[me?.first_name, me?.last_name].filter(Boolean).join(" ") || "Signed in"}
            </p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{me?.email}</p>
          </div>
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-800" />
          <Link
            role="menuitem"
            href={paths.account}
            onClick={() => setOpen(false)}
            className="block rounded-md px-2.5 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            Account and API token
          </Link>
          <Link
            role="menuitem"
            href={paths.organisations}
            onClick={() => setOpen(false)}
            className="block rounded-md px-2.5 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            Organisations
          </Link>
          <a
            role="menuitem"
            href={paths.apiDocs}
            className="block rounded-md px-2.5 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            API documentation
          </a>
          <div className="flex items-center justify-between px-2.5 py-1.5 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Theme</span>
            <ThemeToggle />
          </div>
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-800" />
          <button
            role="menuitem"
            type="button"
            onClick={() => void signOut({ callbackUrl: paths.login })}
            className="block w-full rounded-md px-2.5 py-1.5 text-left text-sm text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
