"use client";
// The frame of every signed-in page: top bar with the organisation → project →
// environment switcher and the account menu; the environment's sections beside the page.
import type { ReactNode } from "react";
import { NotFoundState, isNotFound } from "@/components/common/load-error";
import { useEnvironment } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { useRememberLocation, useRouteContext } from "@/lib/dashboard/route-context";
import { AskAdmins } from "@/components/permissions/ask-admins";
import { CommandPalette } from "@/components/command-palette/command-palette";
import { ContextSwitcher } from "./context-switcher";
import { EnvironmentNav } from "./environment-nav";
import { OrganisationNav } from "./organisation-nav";
import { Logo } from "./logo";
import { SECTION_NAV_ID, SectionMenuButton, useSectionMenu } from "./section-menu";
import { UserMenu } from "./user-menu";

export function AppShell({ children }: { children: ReactNode }) {
  const context = useRouteContext();
  useRememberLocation(context);
  const inEnvironment = context.projectId !== null && context.environmentKey !== null;
  const inOrganisation = context.organisationId !== null && context.projectId === null;
  const { data: environment, error: environmentError } = useEnvironment(
    inEnvironment ? context.environmentKey : null,
  );
  // An unknown key, or the key of another project's environment: nothing of the page applies.
  const unknownEnvironment =
    inEnvironment &&
    (isNotFound(environmentError) ||
      (environment !== undefined && environment.project !== context.projectId));
  const menu = useSectionMenu();
  const sections =
    inEnvironment && !unknownEnvironment ? (
      <EnvironmentNav
        projectId={context.projectId!}
        environmentKey={context.environmentKey!}
        organisationId={context.organisationId}
      />
    ) : inOrganisation ? (
      <OrganisationNav organisationId={context.organisationId!} />
    ) : null;

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:h-14 sm:flex-nowrap sm:px-6">
          <div className="flex h-14 items-center">
            <Logo />
          </div>
          <span aria-hidden className="hidden h-5 w-px bg-zinc-200 sm:block dark:bg-zinc-800" />
          <div className="order-last -mx-2 w-[calc(100%+1rem)] pb-2 sm:order-none sm:mx-0 sm:w-auto sm:min-w-0 sm:flex-1 sm:pb-0">
            <ContextSwitcher context={context} />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <CommandPalette context={context} />
            {sections && (
              <SectionMenuButton isOpen={menu.isOpen} setOpen={menu.setOpen} buttonRef={menu.buttonRef} />
            )}
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:flex md:gap-8">
        {sections && (
          <aside
            id={SECTION_NAV_ID}
            className={`${menu.isOpen ? "block" : "hidden"} mb-6 md:mb-0 md:block md:w-48 md:shrink-0`}
          >
            <div ref={menu.panelRef} onClick={menu.onPanelClick} className="md:sticky md:top-20">
              {sections}
            </div>
          </aside>
        )}
        <main id="main" className="min-w-0 flex-1">
          {unknownEnvironment ? (
            <NotFoundState
              title="Environment not found"
              message={
                <>
                  This project has no environment with the key “{context.environmentKey}” that you can see: it
                  may have been deleted, the link may be wrong, or you lack access to it.{" "}
                  <AskAdmins
                    organisationId={context.organisationId}
                    alsoAsk="or an admin of this project"
                    permission="VIEW_ENVIRONMENT"
                    on="it"
                  />
                </>
              }
              back={[
                { href: paths.project(context.projectId!), label: "Back to the project" },
                { href: paths.home, label: "Home" },
              ]}
            />
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  );
}
