"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { paths } from "@/lib/dashboard/paths";

/** Sections of an organisation: a sidebar on wide screens, behind the menu button on narrow ones. */
export function OrganisationNav({ organisationId }: { organisationId: number }) {
  const pathname = usePathname();
  const sections = [
    { href: paths.organisation(organisationId), label: "Projects", exact: true },
    { href: paths.members(organisationId), label: "Members", exact: false },
    { href: paths.groups(organisationId), label: "Groups", exact: false },
    { href: paths.organisationPermissions(organisationId), label: "Permissions", exact: false },
    { href: paths.organisationApiKeys(organisationId), label: "API keys", exact: false },
    { href: paths.flagsmithImport(organisationId), label: "Import from Flagsmith", exact: false },
  ];
  return (
    <nav aria-label="Organisation sections" className="flex flex-col gap-1">
      {sections.map((section) => {
        const active = section.exact ? pathname === section.href : pathname.startsWith(section.href);
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
              active
                ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300"
                : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            }`}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
