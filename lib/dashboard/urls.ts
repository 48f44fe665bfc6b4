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
  projects: (organisation?: number) => `${V1}/projects/${q({ organisation })}`,
  project: (id: number) => `${V1}/projects/${id}/`,
  environments: (project: number) => `${V1}/environments/${q({ project })}`,
  environmentsCreate: `${V1}/environments/`,
  environment: (key: string) => `${V1}/environments/${key}/`,
  serverKeys: (key: string) => `${V1}/environments/${key}/api-keys/`,
  serverKey: (key: string, id: number) => `${V1}/environments/${key}/api-keys/${id}/`,
  features: (project: number, params: { environment?: number; search?: string } = {}) =>
    `${V1}/projects/${project}/features/${q({ page_size: 999, ...params })}`,
  featuresCreate: (project: number) => `${V1}/projects/${project}/features/`,
  feature: (project: number, id: number) => `${V1}/projects/${project}/features/${id}/`,
  mvOptions: (project: number, feature: number) =>
    `${V1}/projects/${project}/features/${feature}/mv-options/`,
  mvOption: (project: number, feature: number, id: number) =>
    `${V1}/projects/${project}/features/${feature}/mv-options/${id}/`,
  featureStates: (key: string, params: { feature_name?: string; page?: number } = {}) =>
    `${V1}/environments/${key}/featurestates/${q(params)}`,
  featureState: (key: string, id: number) => `${V1}/environments/${key}/featurestates/${id}/`,
  segments: (project: number, params: { q?: string } = {}) =>
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
  analytics: (key: string) => `${V1}/environments/${key}/analytics/flags/`,
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
  webhookTest: `${V1}/webhooks/test/`,
};
