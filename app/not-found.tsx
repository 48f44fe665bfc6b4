import Link from "next/link";

// Any address no page answers: say so, with a way back into the dashboard.
export default function NotFound() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md space-y-3 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing lives at this address.</p>
        <Link
          href="/"
          className="inline-block rounded-md px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
        >
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
