"use client";
// What a page shows when the thing it is about cannot be loaded: a "not found" page with a
// way back for a missing or deleted resource (404), the API's message for anything else.
import Link from "next/link";
import type { ReactNode } from "react";
import { ErrorMessage } from "@/components/ui/error-message";
import { ApiError } from "@/lib/dashboard/fetcher";

export type WayBack = { href: string; label: string };

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

export function NotFoundState({
  title,
  message,
  back,
}: {
  title: string;
  message: ReactNode;
  back: WayBack[];
}) {
  return (
    <section
      aria-labelledby="not-found-title"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700"
    >
      <h1 id="not-found-title" className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        {title}
      </h1>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {back.map((link, i) => (
          <Link
            key={link.href}
            href={link.href}
            className={
              i === 0
                ? "rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
                : "rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
            }
          >
            {link.label}
          </Link>
        ))}
      </div>
    </section>
  );
}

/** A 404 (or a resource the user may not see) as a not-found page; other failures as the API says. */
export function LoadError({
  error,
  what,
  back,
}: {
  error: unknown;
  /** "feature", "segment", ... */
  what: string;
  back: WayBack[];
}) {
  if (!isNotFound(error)) return <ErrorMessage error={error} />;
  return (
    <NotFoundState
      title={`${what[0].toUpperCase()}${what.slice(1)} not found`}
      message={`This ${what} does not exist, or you have no permission to see it: it may have been deleted, the link may be wrong, or an organisation admin has not given you access to it.`}
      back={back}
    />
  );
}
