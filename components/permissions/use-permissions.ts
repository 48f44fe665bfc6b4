"use client";
// What the signed-in user may do, from the my-permissions endpoints, so the dashboard hides
// or disables what the API would refuse. Organisation admins may do everything; a project
// admin everything in the project and its environments; an environment admin everything in
// that environment. Until the answer is in, nothing is allowed (never a surprise 403).
import { useApi, useEnvironment, useOrganisation, useProject } from "@/lib/dashboard/hooks";
import type { MyPermissions } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export type Level = "organisation" | "project" | "environment";

export type Permissions = {
  /** The answer is in: `allows` is final. */
  loaded: boolean;
  admin: boolean;
  /** `key` is a permission key of the level, or "ADMIN". */
  allows: (key: string) => boolean;
  /** Why a control is disabled, for its title; undefined when allowed. */
  denial: (key: string) => string | undefined;
};

const NOUN: Record<Level, string> = {
  organisation: "organisation",
  project: "project",
  environment: "environment",
};

export const PERMISSION_LABELS: Record<string, string> = {
  CREATE_PROJECT: "create projects",
  MANAGE_USERS: "manage members",
  MANAGE_USER_GROUPS: "manage groups",
  VIEW_PROJECT: "view this project",
  CREATE_ENVIRONMENT: "create environments",
  DELETE_FEATURE: "delete features",
  CREATE_FEATURE: "create features",
  MANAGE_SEGMENTS: "manage segments",
  VIEW_AUDIT_LOG: "view the audit log",
  MANAGE_TAGS: "manage tags",
  VIEW_ENVIRONMENT: "view this environment",
  UPDATE_FEATURE_STATE: "change feature states",
  MANAGE_IDENTITIES: "manage identities",
  VIEW_IDENTITIES: "view identities",
  MANAGE_SEGMENT_OVERRIDES: "manage segment overrides",
};

function build(level: Level, loaded: boolean, admin: boolean, keys: readonly string[]): Permissions {
  const allows = (key: string) => loaded && (admin || (key !== "ADMIN" && keys.includes(key)));
  return {
    loaded,
    admin: loaded && admin,
    allows,
    denial: (key) => {
      if (allows(key)) return undefined;
      if (!loaded) return "Checking your permissions…";
      if (key === "ADMIN") return `Only ${NOUN[level]} administrators can do this.`;
      return `You do not have permission to ${PERMISSION_LABELS[key] ?? key} in this ${NOUN[level]}.`;
    },
  };
}

const useMine = (url: string | null) => useApi<MyPermissions>(url, { shouldRetryOnError: false });

/** Whether the user is an admin of the organisation (its `role` in the organisation list). */
function useOrganisationAdmin(organisationId: number | null) {
  const { data, error } = useOrganisation(organisationId);
  return { loaded: data !== undefined || error !== undefined, admin: data?.role === "ADMIN" };
}

export function useOrganisationPermissions(organisationId: number | null): Permissions {
  const org = useOrganisationAdmin(organisationId);
  const mine = useMine(
    org.loaded && !org.admin && organisationId ? urls.myOrganisationPermissions(organisationId) : null,
  );
  if (org.admin) return build("organisation", true, true, []);
  const loaded = org.loaded && (mine.data !== undefined || mine.error !== undefined);
  return build("organisation", loaded, mine.data?.admin ?? false, mine.data?.permissions ?? []);
}

export function useProjectPermissions(projectId: number | null): Permissions {
  const { data: project, error: projectError } = useProject(projectId);
  const org = useOrganisationAdmin(project?.organisation ?? null);
  const mine = useMine(org.loaded && !org.admin && projectId ? urls.myProjectPermissions(projectId) : null);
  if (org.admin) return build("project", true, true, []);
  const loaded =
    projectError !== undefined || (org.loaded && (mine.data !== undefined || mine.error !== undefined));
  return build("project", loaded, mine.data?.admin ?? false, mine.data?.permissions ?? []);
}

export function useEnvironmentPermissions(environmentKey: string | null): Permissions {
  const { data: environment, error: environmentError } = useEnvironment(environmentKey);
  const project = useProjectPermissions(environment?.project ?? null);
  const mine = useMine(
    project.loaded && !project.admin && environmentKey ? urls.myEnvironmentPermissions(environmentKey) : null,
  );
  if (project.admin) return build("environment", true, true, []);
  const loaded =
    environmentError !== undefined ||
    (project.loaded && (mine.data !== undefined || mine.error !== undefined));
  return build("environment", loaded, mine.data?.admin ?? false, mine.data?.permissions ?? []);
}

/** Props for a control the user may not use: disabled, with the reason as its title. */
export function gate(
  permissions: Permissions,
  key: string,
): { disabled: boolean; title: string | undefined } {
  const denial = permissions.denial(key);
  return { disabled: denial !== undefined, title: denial };
}
