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
  return (
    <Link
      href={href}
      data-testid={testId}
      className="group block rounded-xl border border-zinc-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate font-medium text-zinc-900 group-hover:text-indigo-700 dark:text-zinc-100 dark:group-hover:text-indigo-300">
          {title}
        </h3>
        <span
          aria-hidden
          className="text-zinc-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-500"
        >
          →
        </span>
      </div>
      {meta && <div className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{meta}</div>}
      {children}
    </Link>
  );
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}
