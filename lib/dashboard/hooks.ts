"use client";
// SWR hooks: one per resource, keyed by the /api/v1 URL it reads.
import useSWR, { type SWRConfiguration } from "swr";
import type { FlagAnalytics } from "./analytics";
import { request, type ApiError } from "./fetcher";
import type {
  AuditLogEntry,
  AuditLogEntryDetail,
  Environment,
  Feature,
  FeatureSegment,
  FeatureState,
  Identity,
  Organisation,
  Page,
  Project,
  ResolvedFeatureState,
  Segment,
  SegmentOverrideState,
  ServerKey,
  Trait,
  User,
  Webhook,
  WebhookDelivery,
} from "./types";
import { urls } from "./urls";

export function useApi<T>(url: string | null, config?: SWRConfiguration<T, ApiError>) {
  return useSWR<T, ApiError>(url, config ?? {});
}

export const useMe = () => useApi<User>(urls.me);
export const useOrganisations = () => useApi<Page<Organisation>>(urls.organisations);
export const useOrganisation = (id: number | null) => useApi<Organisation>(id ? urls.organisation(id) : null);
export const useProjects = (organisation: number | null) =>
  useApi<Project[]>(organisation ? urls.projects(organisation) : null);
export const useProject = (id: number | null) => useApi<Project>(id ? urls.project(id) : null);
export const useEnvironments = (project: number | null) =>
  useApi<Page<Environment>>(project ? urls.environments(project) : null);
export const useEnvironment = (key: string | null) => useApi<Environment>(key ? urls.environment(key) : null);
export const useServerKeys = (key: string) => useApi<ServerKey[]>(urls.serverKeys(key));

export const useFeatures = (project: number, environment?: number) =>
  useApi<Page<Feature>>(urls.features(project, { environment }));
export const useFeature = (project: number, id: number) => useApi<Feature>(urls.feature(project, id));

/** SWR key of a list read across all its pages. */
export const allPagesKey = (url: string) => `${url}#all`;
export const featureStatesKey = (key: string) => allPagesKey(urls.featureStates(key));
export const traitsKey = (key: string, identity: number) => allPagesKey(urls.traits(key, identity));
export const identityOverridesKey = (key: string, identity: number) =>
  allPagesKey(urls.identityOverrides(key, identity));

/** Environment defaults of every feature: DRF pages of 10, so every page is read. */
export function useFeatureStates(key: string) {
  return useApi<FeatureState[]>(featureStatesKey(key), {
    fetcher: () => fetchAllPages<FeatureState>(urls.featureStates(key)),
  });
}

export const useSegments = (project: number) => useApi<Page<Segment>>(urls.segments(project));
export const useSegment = (project: number, id: number | null) =>
  useApi<Segment>(id ? urls.segment(project, id) : null);

/** Lists read across every page, keyed by the first page's URL plus `#all`. */
function useAllPages<T>(url: string | null) {
  return useApi<T[]>(url ? allPagesKey(url) : null, { fetcher: () => fetchAllPages<T>(url!) });
}

export const useFeatureSegments = (feature: number, environment: number | null) =>
  useAllPages<FeatureSegment>(environment ? urls.featureSegments({ feature, environment }) : null);
/** Every state of a feature in an environment: its default, segment and identity overrides. */
export const useFeatureStatesOfFeature = (feature: number, environment: number | null) =>
  useAllPages<SegmentOverrideState>(environment ? urls.segmentOverrides({ feature, environment }) : null);

export const useIdentities = (key: string, search: string, page: number) =>
  useApi<Page<Identity>>(urls.identities(key, { q: search || undefined, page, page_size: 20 }), {
    keepPreviousData: true,
  });
export const useIdentity = (key: string, id: number) => useApi<Identity>(urls.identity(key, id));
export const useTraits = (key: string, identity: number) =>
  useApi<Trait[]>(traitsKey(key, identity), {
    fetcher: () => fetchAllPages<Trait>(urls.traits(key, identity)),
  });
export const useIdentityOverrides = (key: string, identity: number) =>
  useApi<FeatureState[]>(identityOverridesKey(key, identity), {
    fetcher: () => fetchAllPages<FeatureState>(urls.identityOverrides(key, identity)),
  });
export const useIdentityAllStates = (key: string, identity: number) =>
  useApi<ResolvedFeatureState[]>(urls.identityAllStates(key, identity));

export const useAnalytics = (key: string) =>
  useApi<FlagAnalytics>(urls.analytics(key), { shouldRetryOnError: false });

async function fetchAllPages<T>(first: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = first;
  while (next) {
    const page: Page<T> = await request<Page<T>>(next);
    out.push(...page.results);
    next = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return out;
}

/** Lists come back either paged or as a bare array depending on the endpoint. */
export function listOf<T>(data: T[] | Page<T> | undefined): T[] | undefined {
  if (!data) return undefined;
  return Array.isArray(data) ? data : data.results;
}

export const useProjectAuditLog = (project: number, params: Parameters<typeof urls.projectAudit>[1]) =>
  useApi<Page<AuditLogEntry>>(urls.projectAudit(project, params), { keepPreviousData: true });
export const useAuditEntry = (project: number, id: number | null) =>
  useApi<AuditLogEntryDetail>(id ? urls.projectAuditEntry(project, id) : null);

/** `listUrl` is an environment's or an organisation's webhooks URL (urls.*Webhooks). */
export const useWebhooks = (listUrl: string) => useApi<Webhook[]>(listUrl);
export const useWebhookDeliveries = (listUrl: string, id: number | null) =>
  useApi<WebhookDelivery[]>(id ? `${listUrl}${id}/deliveries/` : null, { refreshInterval: 2000 });
