"use client";
// Organisation → project → environment, as three selects in the top bar.
import { usePathname } from "next/navigation";
import { useGuardedPush } from "@/components/ui/unsaved-changes";
import type { ReactNode } from "react";
import { useEnvironments, useOrganisations, useProjects } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { RouteContext } from "@/lib/dashboard/route-context";

function Crumb({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="relative flex min-w-0 items-center">
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-full cursor-pointer appearance-none truncate rounded-md bg-transparent py-1 pr-6 pl-2 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        {children}
      </select>
      <svg
        aria-hidden
        viewBox="0 0 20 20"
        className="pointer-events-none absolute right-1.5 h-3.5 w-3.5 fill-zinc-400"
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </label>
  );
}

/** The same section of another environment; identities belong to one environment only. */
function switchEnvironmentPath(pathname: string, projectId: number, from: string, to: string): string {
  const prefix = paths.environment(projectId, from);
  if (!pathname.startsWith(prefix)) return paths.features(projectId, to);
  const rest = pathname.slice(prefix.length);
  const section = rest.split("/")[0] || "features";
  const keepDetail = section === "features" || section === "segments" || section === "settings";
  return `${paths.environment(projectId, to)}${keepDetail ? rest : `${section}/`}`;
}

const Slash = () => (
  <span aria-hidden className="text-zinc-300 dark:text-zinc-700">
    /
  </span>
);

/**
 * A crumb after the first, with its slash: on a phone the crumbs wrap (a slash stays with the
 * crumb it leads), each name whole up to the bar's width; from `sm` they share one line.
 */
const Step = ({ children }: { children: ReactNode }) => (
  <span className="flex max-w-full min-w-0 items-center gap-1 sm:max-w-[12.5rem] sm:shrink-0">
    <Slash />
    {children}
  </span>
);

export function ContextSwitcher({ context }: { context: RouteContext }) {
  const push = useGuardedPush();
  const pathname = usePathname();
  const { data: organisations } = useOrganisations();
  // The project crumb shows on project pages only; organisation pages need no project list.
  const { data: projects } = useProjects(context.projectId ? context.organisationId : null);
  const { data: environments } = useEnvironments(context.projectId);
  const { organisationId, projectId, environmentKey } = context;

  return (
    <nav
      aria-label="Organisation, project and environment"
      className="flex min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5 sm:flex-nowrap sm:overflow-x-auto"
    >
      {organisations && organisationId && (
        <span className="flex max-w-full min-w-0 items-center sm:max-w-[11rem] sm:shrink-0">
          <Crumb
            label="Organisation"
            value={String(organisationId)}
            onChange={(v) => push(paths.organisation(Number(v)))}
          >
            {organisations.results.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Crumb>
        </span>
      )}
      {projects && projectId && (
        <Step>
          <Crumb label="Project" value={String(projectId)} onChange={(v) => push(paths.project(Number(v)))}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Crumb>
        </Step>
      )}
      {environments &&
        projectId &&
        environmentKey &&
        environments.results.some((e) => e.api_key === environmentKey) && (
          <Step>
            <Crumb
              label="Environment"
              value={environmentKey}
              onChange={(v) => push(switchEnvironmentPath(pathname, projectId, environmentKey, v))}
            >
              {environments.results.map((e) => (
                <option key={e.api_key} value={e.api_key}>
                  {e.name}
                </option>
              ))}
            </Crumb>
          </Step>
        )}
    </nav>
  );
}
