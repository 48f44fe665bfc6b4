// What the command palette offers besides search results: every dashboard section of the
// current organisation, project and environment, the other environments and projects (already
// loaded by the context switcher), and the account-wide pages. Pure, so it is tested alone.
import { paths } from "./paths";

export type PaletteKind = "recent" | "flag" | "segment" | "identity" | "page";

export type PaletteItem = {
  /** Unique in one palette list; also the base of the option's DOM id. */
  id: string;
  kind: Exclude<PaletteKind, "recent">;
  label: string;
  /** A second line: the environment, the section's purpose, a description. */
  detail?: string;
  href: string;
  /** A page outside the dashboard's router (the API docs): opened with a full load. */
  external?: boolean;
  /** Other words the item answers to ("users" finds Members). */
  keywords?: string;
};

export type PalettePagesInput = {
  organisationId: number | null;
  projectId: number | null;
  environmentKey: string | null;
  environmentName?: string;
  organisationName?: string;
  environments?: readonly { name: string; api_key: string }[];
  projects?: readonly { id: number; name: string }[];
};

/** Longest query the palette sends or matches: names are short, and every input is bounded. */
export const MAX_QUERY_LENGTH = 100;

const page = (
  id: string,
  label: string,
  href: string,
  detail?: string,
  keywords?: string,
  external?: boolean,
): PaletteItem => ({
  id: `page:${id}`,
  kind: "page",
  label,
  href,
  ...(detail ? { detail } : {}),
  ...(keywords ? { keywords } : {}),
  ...(external ? { external } : {}),
});

export function buildPalettePages(input: PalettePagesInput): PaletteItem[] {
  const { organisationId, projectId, environmentKey } = input;
  const items: PaletteItem[] = [];
  if (projectId !== null && environmentKey !== null) {
    const where = input.environmentName ?? "this environment";
    const env = (id: string, label: string, href: string, keywords?: string) =>
      items.push(page(id, label, href, where, keywords));
    env("features", "Features", paths.features(projectId, environmentKey), "flags toggles");
    env("segments", "Segments", paths.segments(projectId, environmentKey), "rules audiences");
    env("segment-new", "New segment", paths.newSegment(projectId, environmentKey), "create segment");
    env("identities", "Identities", paths.identities(projectId, environmentKey), "users traits");
    env("evaluate", "Evaluate", paths.evaluate(projectId, environmentKey), "explain why test");
    env("sdk", "Connect an SDK", paths.sdk(projectId, environmentKey), "snippet keys code");
    env("audit-log", "Audit log", paths.auditLog(projectId, environmentKey), "history changes");
    env("settings", "Environment settings", paths.settings(projectId, environmentKey), "keys webhooks");
    for (const other of input.environments ?? []) {
      if (other.api_key === environmentKey) continue;
      items.push(
        page(
          `environment:${other.api_key}`,
          `Switch to ${other.name}`,
          paths.features(projectId, other.api_key),
          "Environment",
          "environment",
        ),
      );
    }
  }
  if (projectId !== null) {
    items.push(page("project", "Project overview", paths.project(projectId), undefined, "environments"));
    items.push(page("compare", "Compare environments", paths.compare(projectId), undefined, "diff promote"));
  }
  for (const project of input.projects ?? []) {
    if (project.id === projectId) continue;
    items.push(page(`project:${project.id}`, project.name, paths.project(project.id), "Project", "project"));
  }
  if (organisationId !== null) {
    const where = input.organisationName ?? "Organisation";
    const org = (id: string, label: string, href: string, keywords?: string) =>
      items.push(page(id, label, href, where, keywords));
    org("organisation", "Projects", paths.organisation(organisationId), "organisation");
    org("members", "Members", paths.members(organisationId), "users people team roles");
    org("groups", "Groups", paths.groups(organisationId), "teams");
    org("permissions", "Permissions", paths.organisationPermissions(organisationId), "access grants roles");
    org("invitations", "Invitations", paths.invitations(organisationId), "invite links email");
    org("api-keys", "Organisation API keys", paths.organisationApiKeys(organisationId), "tokens terraform");
    org("flagsmith-import", "Import from Flagsmith", paths.flagsmithImport(organisationId), "migrate");
  }
  items.push(page("account", "Account and API token", paths.account, undefined, "profile password theme"));
  items.push(page("organisations", "Organisations", paths.organisations));
  items.push(page("api-docs", "API documentation", paths.apiDocs, "OpenAPI", "swagger reference", true));
  return items;
}

/** Every word of the query appears in the item's label, detail or keywords (any case, any order). */
export function matchesQuery(item: PaletteItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${item.label} ${item.detail ?? ""} ${item.keywords ?? ""}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
