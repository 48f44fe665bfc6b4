// Dashboard page paths (with the trailing slash the app serves).
export const paths = {
  home: "/",
  login: "/login/",
  signup: "/signup/",
  account: "/account/",
  organisations: "/organisations/",
  organisation: (id: number) => `/organisations/${id}/`,
  project: (id: number) => `/projects/${id}/`,
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
  settings: (project: number, key: string) => `/projects/${project}/environments/${key}/settings/`,
};
