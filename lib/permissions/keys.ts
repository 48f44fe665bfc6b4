// Flagsmith's permission keys, per kind of object they are granted on. The descriptions are
// Ensign's own words; the keys are the wire names Flagsmith's tools send and read.

export const ORGANISATION_PERMISSIONS = {
  CREATE_PROJECT: "Create projects in the organisation.",
  MANAGE_USERS:
    "Invite people to the organisation as users; see and manage pending invitations and user invite links.",
  MANAGE_USER_GROUPS: "Create, change and delete the organisation's groups and their members.",
} as const;

export const PROJECT_PERMISSIONS = {
  VIEW_PROJECT: "See the project, its features and its segments.",
  CREATE_ENVIRONMENT: "Create environments in the project.",
  DELETE_FEATURE: "Delete features of the project.",
  CREATE_FEATURE: "Create features and change their settings and options.",
  MANAGE_SEGMENTS: "Create, change and delete the project's segments.",
  VIEW_AUDIT_LOG: "Read the project's audit log.",
  MANAGE_TAGS: "Create, change and delete the project's tags.",
  CREATE_PROJECT_LEVEL_CHANGE_REQUESTS: "Propose changes of the project's segments as change requests.",
  APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS: "Approve or reject the project's segment change requests.",
  MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS: "Commit and delete the project's segment change requests.",
} as const;

export const ENVIRONMENT_PERMISSIONS = {
  VIEW_ENVIRONMENT: "See the environment and its flags.",
  UPDATE_FEATURE_STATE: "Turn flags on and off and change their values in the environment.",
  MANAGE_IDENTITIES: "Create, change and delete identities, their traits and their overrides.",
  VIEW_IDENTITIES: "See the environment's identities and their traits.",
  MANAGE_SEGMENT_OVERRIDES: "Create, change and delete segment overrides in the environment.",
  CREATE_CHANGE_REQUEST: "Propose changes of the environment's flags as change requests.",
  APPROVE_CHANGE_REQUEST: "Approve or reject the environment's change requests.",
} as const;

export type OrganisationPermissionKey = keyof typeof ORGANISATION_PERMISSIONS;
export type ProjectPermissionKey = keyof typeof PROJECT_PERMISSIONS;
export type EnvironmentPermissionKey = keyof typeof ENVIRONMENT_PERMISSIONS;
export type PermissionKey = OrganisationPermissionKey | ProjectPermissionKey | EnvironmentPermissionKey;

export type PermissionKind = "organisation" | "project" | "environment";

export const PERMISSIONS_BY_KIND: Record<PermissionKind, Record<string, string>> = {
  organisation: ORGANISATION_PERMISSIONS,
  project: PROJECT_PERMISSIONS,
  environment: ENVIRONMENT_PERMISSIONS,
};

export const ORGANISATION_PERMISSION_KEYS = Object.keys(
  ORGANISATION_PERMISSIONS,
) as OrganisationPermissionKey[];
export const PROJECT_PERMISSION_KEYS = Object.keys(PROJECT_PERMISSIONS) as ProjectPermissionKey[];
export const ENVIRONMENT_PERMISSION_KEYS = Object.keys(ENVIRONMENT_PERMISSIONS) as EnvironmentPermissionKey[];

/** The `[{key, description, supports_tag}]` list Flagsmith's `/<kind>s/permissions/` endpoints answer. */
export function permissionList(kind: PermissionKind) {
  return Object.entries(PERMISSIONS_BY_KIND[kind]).map(([key, description]) => ({
    key,
    description,
    supports_tag: false,
  }));
}

/** Keys are stored comma-separated (prisma/schema.prisma). */
export function parseStoredKeys(stored: string): string[] {
  return stored ? stored.split(",").filter(Boolean) : [];
}

export function storeKeys(keys: readonly string[]): string {
  return [...new Set(keys)].sort().join(",");
}
