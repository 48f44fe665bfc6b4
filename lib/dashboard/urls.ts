// /api/v1 URLs the dashboard reads and writes; also the SWR keys, so a write can
// `mutate` exactly what it changed.
const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

const V1 = "/api/v1";

export const urls = {
  me: `${V1}/auth/users/me/`,
  signUp: `${V1}/auth/users/`,
  setPassword: `${V1}/auth/users/set_password/`,
  token: `${V1}/auth/token/`,
  organisations: `${V1}/organisations/`,
  organisation: (id: number) => `${V1}/organisations/${id}/`,
  organisationMembers: (id: number) => `${V1}/organisations/${id}/users/`,
  invite: (org: number) => `${V1}/organisations/${org}/invite/`,
  invites: (org: number) => `${V1}/organisations/${org}/invites/`,
  inviteResend: (org: number, id: number) => `${V1}/organisations/${org}/invites/${id}/resend/`,
  inviteOne: (org: number, id: number) => `${V1}/organisations/${org}/invites/${id}/`,
  inviteLinks: (org: number) => `${V1}/organisations/${org}/invite-links/`,
  inviteLink: (org: number, id: number) => `${V1}/organisations/${org}/invite-links/${id}/`,
  joinByEmail: (hash: string) => `${V1}/users/join/${encodeURIComponent(hash)}/`,
  joinByLink: (hash: string) => `${V1}/users/join/link/${encodeURIComponent(hash)}/`,
  projects: (organisation?: number) => `${V1}/projects/${q({ organisation })}`,
  project: (id: number) => `${V1}/projects/${id}/`,
  environments: (project: number) => `${V1}/environments/${q({ project })}`,
  environmentsCreate: `${V1}/environments/`,
  environment: (key: string) => `${V1}/environments/${key}/`,
  traitKeys: (key: string) => `${V1}/environments/${key}/trait-keys/`,
  environmentClone: (key: string) => `${V1}/environments/${key}/clone/`,
  serverKeys: (key: string) => `${V1}/environments/${key}/api-keys/`,
  serverKey: (key: string, id: number) => `${V1}/environments/${key}/api-keys/${id}/`,
  features: (project: number, params: Record<string, string | number | undefined> = {}) =>
    `${V1}/projects/${project}/features/${q({ page_size: 999, ...params })}`,
  featureOwners: (project: number, id: number, action: "add" | "remove") =>
    `${V1}/projects/${project}/features/${id}/${action}-owners/`,
  featureGroupOwners: (project: number, id: number, action: "add" | "remove") =>
    `${V1}/projects/${project}/features/${id}/${action}-group-owners/`,
  tags: (project: number) => `${V1}/projects/${project}/tags/`,
  createFeatureExport: () => `${V1}/features/create-feature-export/`,
  downloadFeatureExport: (id: number) => `${V1}/features/download-feature-export/${id}/`,
  featureImport: (environment: number) => `${V1}/features/feature-import/${environment}/`,
  tag: (project: number, id: number) => `${V1}/projects/${project}/tags/${id}/`,
  featuresCreate: (project: number) => `${V1}/projects/${project}/features/`,
  feature: (project: number, id: number) => `${V1}/projects/${project}/features/${id}/`,
  mvOptions: (project: number, feature: number) =>
    `${V1}/projects/${project}/features/${feature}/mv-options/`,
  mvOption: (project: number, feature: number, id: number) =>
    `${V1}/projects/${project}/features/${feature}/mv-options/${id}/`,
  featureStates: (key: string, params: { feature_name?: string; page?: number } = {}) =>
    `${V1}/environments/${key}/featurestates/${q(params)}`,
  featureState: (key: string, id: number) => `${V1}/environments/${key}/featurestates/${id}/`,
  segments: (project: number, params: { q?: string; page_size?: number } = {}) =>
    `${V1}/projects/${project}/segments/${q({ page_size: 999, ...params })}`,
  segmentsCreate: (project: number) => `${V1}/projects/${project}/segments/`,
  segment: (project: number, id: number) => `${V1}/projects/${project}/segments/${id}/`,
  featureSegments: (params: { feature: number; environment: number }) =>
    `${V1}/features/feature-segments/${q(params)}`,
  featureSegmentsCreate: `${V1}/features/feature-segments/`,
  featureSegment: (id: number) => `${V1}/features/feature-segments/${id}/`,
  featureSegmentPriorities: `${V1}/features/feature-segments/update-priorities/`,
  segmentOverrides: (params: { feature: number; environment: number }) =>
    `${V1}/features/featurestates/${q(params)}`,
  segmentOverridesCreate: `${V1}/features/featurestates/`,
  segmentOverride: (id: number) => `${V1}/features/featurestates/${id}/`,
  createSegmentOverride: (key: string, feature: number) =>
    `${V1}/environments/${key}/features/${feature}/create-segment-override/`,
  identities: (key: string, params: { q?: string; page?: number; page_size?: number } = {}) =>
    `${V1}/environments/${key}/identities/${q(params)}`,
  identitiesCreate: (key: string) => `${V1}/environments/${key}/identities/`,
  identity: (key: string, id: number) => `${V1}/environments/${key}/identities/${id}/`,
  traits: (key: string, identity: number) => `${V1}/environments/${key}/identities/${identity}/traits/`,
  trait: (key: string, identity: number, id: number) =>
    `${V1}/environments/${key}/identities/${identity}/traits/${id}/`,
  identityOverrides: (key: string, identity: number) =>
    `${V1}/environments/${key}/identities/${identity}/featurestates/`,
  identityOverride: (key: string, identity: number, id: number) =>
    `${V1}/environments/${key}/identities/${identity}/featurestates/${id}/`,
  identityAllStates: (key: string, identity: number) =>
    `${V1}/environments/${key}/identities/${identity}/featurestates/all/`,
  featureIdentityOverrides: (key: string, feature: number) =>
    `${V1}/environments/${key}/edge-identity-overrides/${q({ feature })}`,
  edgeOverride: (key: string, identityUuid: string, featurestateUuid: string) =>
    `${V1}/environments/${key}/edge-identities/${identityUuid}/edge-featurestates/${featurestateUuid}/`,
  segmentAssociatedFeatures: (project: number, segment: number, environment?: number) =>
    `${V1}/projects/${project}/segments/${segment}/associated-features/${q({ page_size: 999, environment })}`,
  segmentIdentityCount: (project: number, segment: number, environment: string) =>
    `${V1}/projects/${project}/segments/${segment}/identity-count/${q({ environment })}`,
  analytics: (key: string) => `${V1}/environments/${key}/analytics/flags/`,
  featureEvaluationData: (project: number, feature: number, environment: number, period: number) =>
    `${V1}/projects/${project}/features/${feature}/evaluation-data/${q({ environment_id: environment, period })}`,
  featureCodeReferences: (project: number, feature: number) =>
    `${V1}/projects/${project}/features/${feature}/code-references/`,
  projectAudit: (
    project: number,
    params: {
      search?: string;
      environments?: number;
      created_date_after?: string;
      created_date_before?: string;
    } = {},
  ) => `${V1}/projects/${project}/audit/${q({ page_size: 100, ...params })}`,
  projectAuditEntry: (project: number, id: number) => `${V1}/projects/${project}/audit/${id}/`,
  environmentWebhooks: (key: string) => `${V1}/environments/${key}/webhooks/`,
  organisationWebhooks: (id: number) => `${V1}/organisations/${id}/webhooks/`,
  masterApiKeys: (id: number) => `${V1}/organisations/${id}/master-api-keys/`,
  flagsmithImport: (id: number) => `${V1}/organisations/${id}/flagsmith-import/`,
  flagsmithVerify: (id: number) => `${V1}/organisations/${id}/flagsmith-verify/`,
  flagsmithDumpImport: (id: number) => `${V1}/organisations/${id}/flagsmith-import/dump/`,
  flagsmithExport: (id: number) => `${V1}/organisations/${id}/flagsmith-export/`,
  masterApiKey: (id: number, prefix: string) => `${V1}/organisations/${id}/master-api-keys/${prefix}/`,
  webhookTest: `${V1}/webhooks/test/`,
  members: (organisation: number) => `${V1}/organisations/${organisation}/users/`,
  memberRole: (organisation: number, user: number) =>
    `${V1}/organisations/${organisation}/users/${user}/update-role/`,
  removeMembers: (organisation: number) => `${V1}/organisations/${organisation}/remove-users/`,
  groups: (organisation: number) => `${V1}/organisations/${organisation}/groups/`,
  groupSummaries: (organisation: number) => `${V1}/organisations/${organisation}/groups/summaries/`,
  groupsCreate: (organisation: number) => `${V1}/organisations/${organisation}/groups/`,
  group: (organisation: number, id: number) => `${V1}/organisations/${organisation}/groups/${id}/`,
  groupAddUsers: (organisation: number, id: number) =>
    `${V1}/organisations/${organisation}/groups/${id}/add-users/`,
  groupRemoveUsers: (organisation: number, id: number) =>
    `${V1}/organisations/${organisation}/groups/${id}/remove-users/`,
  /** Make (`make-admin`) or unmake (`remove-admin`) a member the group's admin. */
  groupAdmin: (organisation: number, id: number, user: number, action: "make-admin" | "remove-admin") =>
    `${V1}/organisations/${organisation}/groups/${id}/users/${user}/${action}/`,
  permissionKeys: (level: "organisations" | "projects" | "environments") => `${V1}/${level}/permissions/`,
  myOrganisationPermissions: (id: number) => `${V1}/organisations/${id}/my-permissions/`,
  myProjectPermissions: (id: number) => `${V1}/projects/${id}/my-permissions/`,
  myEnvironmentPermissions: (key: string) => `${V1}/environments/${key}/my-permissions/`,
  /** `scope` is `organisations/{id}`, `projects/{id}` or `environments/{key}`; `who` is user or group grants. */
  grants: (scope: string, who: "user" | "user-group") => `${V1}/${scope}/${who}-permissions/`,
  grant: (scope: string, who: "user" | "user-group", id: number) =>
    `${V1}/${scope}/${who}-permissions/${id}/`,
  /** A member's permissions on `scope` with their sources. */
  userDetailedPermissions: (scope: string, userId: number) =>
    `${V1}/${scope}/user-detailed-permissions/${userId}/`,
  createChangeRequest: (key: string) => `${V1}/environments/${key}/create-change-request/`,
  changeRequests: (key: string, params: { committed?: "true" | "false"; page?: number } = {}) =>
    `${V1}/environments/${key}/list-change-requests/${q({ page_size: 100, ...params })}`,
  /** An environment change request, or one of its actions (`approve`, `reject`, `commit`, `comments`, `impact`). */
  changeRequest: (id: number, action?: string) =>
    `${V1}/features/workflows/change-requests/${id}/${action ? `${action}/` : ""}`,
  projectChangeRequests: (project: number, params: { committed?: "true" | "false"; page?: number } = {}) =>
    `${V1}/projects/${project}/change-requests/${q({ page_size: 100, ...params })}`,
  projectChangeRequestsCreate: (project: number) => `${V1}/projects/${project}/change-requests/`,
  projectChangeRequest: (project: number, id: number, action?: string) =>
    `${V1}/projects/${project}/change-requests/${id}/${action ? `${action}/` : ""}`,
  projectChangeRequestImpact: (project: number, id: number, environment: string) =>
    `${V1}/projects/${project}/change-requests/${id}/impact/${q({ environment })}`,
  myGroups: (organisation: number) => `${V1}/organisations/${organisation}/groups/my-groups/`,
};
