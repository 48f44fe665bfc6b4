import type { ReactNode } from "react";

/**
 * What an empty list means and what to do about it. Its heading sits under the section's h2;
 * `level={2}` where the list is the page's own, right under its h1.
 */
export function EmptyState({
  title,
  children,
  action,
  level = 3,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <Heading className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</Heading>
      {children && <div className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>}
      {action}
    </div>
  );
}
