"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useWaitingCount } from "@/components/change-requests/use-waiting-count";
import { paths } from "@/lib/dashboard/paths";

const SECTIONS = [
  { key: "features", label: "Features", icon: "M4 4h12v2H4zM4 9h12v2H4zM4 14h8v2H4z" },
  { key: "segments", label: "Segments", icon: "M10 2a8 8 0 1 0 8 8h-8z M12 0v8h8a8 8 0 0 0-8-8z" },
  {
    key: "identities",
    label: "Identities",
    icon: "M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z",
  },
  {
    key: "evaluate",
    label: "Evaluate",
    icon: "M3 3h14v2H3zM3 8h9v2H3zM3 13h6v2H3zm10.5-1.5 4 4-1.5 1.5-4-4a3 3 0 1 1 1.5-1.5z",
  },
  {
    key: "sdk",
    label: "Connect an SDK",
    icon: "M7 5 2 10l5 5 1.4-1.4L4.8 10l3.6-3.6zm6 0-1.4 1.4 3.6 3.6-3.6 3.6L13 15l5-5z",
  },
  {
    key: "change-requests",
    label: "Change requests",
    icon: "M4 3h8l4 4v10H4zM11 3v5h5M7 11l2 2 4-4",
  },
  {
    key: "audit-log",
    label: "Audit log",
    icon: "M5 2h10v16H5zM7 5h6v1.5H7zM7 8.5h6V10H7zM7 12h4v1.5H7z",
  },
  {
    key: "settings",
    label: "Settings",
    icon: "M8.6 1h2.8l.5 2.4 1.6.9 2.3-.8 1.4 2.4-1.8 1.6v1.9l1.8 1.6-1.4 2.4-2.3-.8-1.6.9-.5 2.5H8.6l-.5-2.5-1.6-.9-2.3.8-1.4-2.4 1.8-1.6V7.5L2.8 5.9l1.4-2.4 2.3.8 1.6-.9zM10 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  },
] as const;

/** Sections of an environment: a sidebar on wide screens, behind the menu button on narrow ones. */
const secondary =
  "rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

export function EnvironmentNav({
  projectId,
  environmentKey,
  organisationId,
}: {
  projectId: number;
  environmentKey: string;
  organisationId: number | null;
}) {
  const pathname = usePathname();
  const base = paths.environment(projectId, environmentKey);
  const waiting = useWaitingCount(environmentKey, organisationId);
  return (
    <nav aria-label="Environment sections" className="flex flex-col gap-1">
      {SECTIONS.map((section) => {
        const href = `${base}${section.key}/`;
        const active = pathname.startsWith(href);
        return (
          <Link
            key={section.key}
            href={href}
            aria-current={active ? "page" : undefined}
            className={`flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
              active
                ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300"
                : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            }`}
          >
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current opacity-80">
              <path d={section.icon} fillRule="evenodd" />
            </svg>
            {section.label}
            {section.key === "change-requests" && waiting ? (
              <span className="ml-auto rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
                <span aria-hidden>{waiting}</span>
                <span className="sr-only">, {waiting} waiting for your review</span>
              </span>
            ) : null}
          </Link>
        );
      })}
      <span aria-hidden className="my-3 h-px bg-zinc-200 dark:bg-zinc-800" />
      <Link href={paths.project(projectId)} className={secondary}>
        Project overview
      </Link>
      <Link href={paths.compare(projectId)} className={secondary}>
        Compare environments
      </Link>
      <Link href={paths.projectChangeRequests(projectId)} className={secondary}>
        Segment change requests
      </Link>
      {organisationId && (
        <Link href={paths.organisation(organisationId)} className={secondary}>
          Organisation
        </Link>
      )}
    </nav>
  );
}
