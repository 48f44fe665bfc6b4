"use client";
import { errorMessage } from "@/lib/dashboard/fetcher";

/** The API's own error text, in place, announced to screen readers. */
export function ErrorMessage({ message, error }: { message?: string | null; error?: unknown }) {
  const text = message ?? (error ? errorMessage(error) : null);
  if (!text) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
    >
      {text}
    </div>
  );
}
