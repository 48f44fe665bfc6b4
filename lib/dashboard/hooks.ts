"use client";
// SWR hooks: one per resource, keyed by the /api/v1 URL it reads.
import useSWR, { type SWRConfiguration } from "swr";
import type { FlagAnalytics } from "./analytics";
import { request, type ApiError } from "./fetcher";
import type {
  AuditLogEntry,
  AuditLogEntryDetail,
  ChangeRequest,
  ChangeRequestComment,
  ChangeRequestSummary,
  Environment,
  Feature,
  FeatureGroupOwner,
  FeatureOwner,
  FeatureSegment,
  FeatureState,
  Identity,
  Impact,
  Organisation,
  Page,
  Project,
  ProjectChangeRequest,
  ResolvedFeatureState,
  Segment,
  Tag,
  SegmentOverrideState,
  MasterApiKey,
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
export const useMasterApiKeys = (organisationId: number | null) =>
  useApi<MasterApiKey[]>(organisationId === null ? null : urls.masterApiKeys(organisationId));
export const useServerKeys = (key: string) => useApi<ServerKey[]>(urls.serverKeys(key));

export const useFeatures = (project: number, environment?: number) =>
  useApi<Page<Feature>>(urls.features(project, { environment }));
/** The features list with the API's filters; null while it cannot be asked yet. */
export const useFilteredFeatures = (url: string | null) =>
  useApi<Page<Feature>>(url, { keepPreviousData: true });
/** Every features list of the project (any filters), for `mutate` after a write. */
export const isFeaturesKey = (project: number) => (key: unknown) =>
  typeof key === "string" && key.startsWith(`${urls.features(project).split("?")[0]}?`);
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

/** The default feature states of several environments, one list per key, in order. */
export const comparedStatesKey = (keys: string[]) => `compare#${keys.join(",")}`;
export const useComparedStates = (keys: string[]) =>
  useApi<FeatureState[][]>(keys.length ? comparedStatesKey(keys) : null, {
    fetcher: () => Promise.all(keys.map((key) => fetchAllPages<FeatureState>(urls.featureStates(key)))),
  });

export const useOrganisationMembers = (organisation: number | null) =>
  useApi<FeatureOwner[]>(organisation ? urls.organisationMembers(organisation) : null);

/** Every group of the organisation as {id, name}: what owner pickers offer. */
export const useGroupSummaries = (organisation: number | null) =>
  useApi<FeatureGroupOwner[]>(organisation ? urls.groupSummaries(organisation) : null);

export const tagsKey = (project: number) => allPagesKey(urls.tags(project));
export const useTags = (project: number) => useAllPages<Tag>(urls.tags(project));

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

/** Every item of a list that is paged (read page by page) or a bare array. */
export async function fetchList<T>(url: string): Promise<T[]> {
  const first = await request<T[] | Page<T>>(url);
  if (Array.isArray(first)) return first;
  if (!first.next) return first.results;
  const next = new URL(first.next);
  return [...first.results, ...(await fetchAllPages<T>(next.pathname + next.search))];
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

export const useChangeRequests = (key: string, committed: boolean) =>
  useApi<Page<ChangeRequestSummary>>(urls.changeRequests(key, { committed: committed ? "true" : "false" }));
export const useChangeRequest = (id: number) => useApi<ChangeRequest>(urls.changeRequest(id));
export const useProjectChangeRequests = (project: number, committed: boolean) =>
  useApi<Page<ChangeRequestSummary>>(
    urls.projectChangeRequests(project, { committed: committed ? "true" : "false" }),
  );
export const useProjectChangeRequest = (project: number, id: number) =>
  useApi<ProjectChangeRequest>(urls.projectChangeRequest(project, id));
/** `url` is a request's comments URL (urls.changeRequest(id, "comments") or the project one). */
export const useChangeRequestComments = (url: string) => useApi<ChangeRequestComment[]>(url);
/** The blast radius; computed on the server over up to 10,000 identities, so not retried. */
export const useImpact = (url: string | null) => useApi<Impact>(url, { shouldRetryOnError: false });
export const useMyGroups = (organisation: number | null) =>
  useApi<FeatureGroupOwner[]>(organisation ? urls.myGroups(organisation) : null);
