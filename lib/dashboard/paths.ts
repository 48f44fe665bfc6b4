// Dashboard page paths (with the trailing slash the app serves).
export const paths = {
  home: "/",
  login: "/login/",
  signup: "/signup/",
  account: "/account/",
  organisations: "/organisations/",
  organisation: (id: number) => `/organisations/${id}/`,
  organisationApiKeys: (id: number) => `/organisations/${id}/api-keys/`,
  flagsmithImport: (id: number) => `/organisations/${id}/flagsmith-import/`,
  join: (hash: string) => `/join/${encodeURIComponent(hash)}/`,
  joinLink: (hash: string) => `/join/link/${encodeURIComponent(hash)}/`,
  project: (id: number) => `/projects/${id}/`,
  compare: (id: number) => `/projects/${id}/compare/`,
  environment: (project: number, key: string) => `/projects/${project}/environments/${key}/`,
  features: (project: number, key: string) => `/projects/${project}/environments/${key}/features/`,
  feature: (project: number, key: string, id: number) =>
    `/projects/${project}/environments/${key}/features/${id}/`,
  segments: (project: number, key: string) => `/projects/${project}/environments/${key}/segments/`,
  newSegment: (project: number, key: string) => `/projects/${project}/environments/${key}/segments/new/`,
  segment: (project: number, key: string, id: number) =>
    `/projects/${project}/environments/${key}/segments/${id}/`,
  identities: (project: number, key: string) => `/projects/${project}/environments/${key}/identities/`,
  identity: (project: number, key: string, id: number) =>
    `/projects/${project}/environments/${key}/identities/${id}/`,
  sdk: (project: number, key: string) => `/projects/${project}/environments/${key}/sdk/`,
  settings: (project: number, key: string) => `/projects/${project}/environments/${key}/settings/`,
  evaluate: (project: number, key: string) => `/projects/${project}/environments/${key}/evaluate/`,
  auditLog: (project: number, key: string) => `/projects/${project}/environments/${key}/audit-log/`,
  /** Served by the API, outside the dashboard's router: open it with a full page load. */
  apiDocs: "/api/v1/docs/",
  members: (organisation: number) => `/organisations/${organisation}/members/`,
  groups: (organisation: number) => `/organisations/${organisation}/groups/`,
  organisationPermissions: (organisation: number) => `/organisations/${organisation}/permissions/`,
  invitations: (organisation: number) => `/organisations/${organisation}/invitations/`,
  changeRequests: (project: number, key: string) =>
    `/projects/${project}/environments/${key}/change-requests/`,
  changeRequest: (project: number, key: string, id: number) =>
    `/projects/${project}/environments/${key}/change-requests/${id}/`,
  projectChangeRequests: (project: number) => `/projects/${project}/change-requests/`,
  projectChangeRequest: (project: number, id: number) => `/projects/${project}/change-requests/${id}/`,
};
