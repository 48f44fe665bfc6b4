import Link from "next/link";
import type { ReactNode } from "react";

/** A clickable tile in a grid of organisations, projects or environments. */
export function ListCard({
  href,
  title,
  meta,
  children,
  testId,
}: {
  href: string;
  title: string;
  meta?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  // The title's link is stretched over the whole card, so the card stays one click target
  // while the copy buttons of its id chips (raised above it) are not nested inside a link.
  return (
    <div
      data-testid={testId}
      className="group relative block rounded-xl border border-zinc-200 bg-white p-4 shadow-sm transition focus-within:border-indigo-400 hover:border-indigo-300 hover:shadow dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate font-medium text-zinc-900 group-hover:text-indigo-700 dark:text-zinc-100 dark:group-hover:text-indigo-300">
          <Link
            href={href}
            className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-indigo-500"
          >
            {title}
          </Link>
        </h2>
        <span
          aria-hidden
          className="text-zinc-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-500"
        >
          →
        </span>
      </div>
      {meta && <div className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{meta}</div>}
      {children}
    </div>
  );
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}
