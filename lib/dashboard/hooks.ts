"use client";
// SWR hooks: one per resource, keyed by the /api/v1 URL it reads.
import { useParams } from "next/navigation";
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

/** The frame's data (who, where): read once per page load, then only when a write says so. A
 * component mounting later (a dialog, a soft navigation) reuses it instead of asking again. */
const FRAME = { revalidateIfStale: false } as const;

export const useMe = () => useApi<User>(urls.me, FRAME);
export const useOrganisations = () => useApi<Page<Organisation>>(urls.organisations, FRAME);
/** Every project the user can see, in all their organisations: one request serves the
 * switcher, the organisation page and each project's own record. */
export const useAllProjects = (enabled = true) => useApi<Project[]>(enabled ? urls.projects() : null, FRAME);
export function useProjects(organisation: number | null) {
  const { data, error } = useAllProjects(organisation !== null);
  return { data: organisation ? data?.filter((p) => p.organisation === organisation) : undefined, error };
}
export function useOrganisation(id: number | null) {
  const list = useOrganisations();
  return useListed(list, true, urls.organisation, id, (o) => o.id === id);
}
export function useProject(id: number | null) {
  // No project named (an organisation page's frame asks with null): no list to read either.
  const list = useAllProjects(id !== null);
  const listed = { ...list, data: list.data && { results: list.data } };
  return useListed(listed, true, urls.project, id, (p) => p.id === id);
}
export const useEnvironments = (project: number | null) =>
  useApi<Page<Environment>>(project ? urls.environments(project) : null, FRAME);
/** An environment of the project the page's URL names is read from that project's list (which
 * the switcher holds anyway); another key, or one past the list's first page, on its own. */
export function useEnvironment(key: string | null) {
  const params = useParams<{ projectId?: string }>();
  const projectId = params?.projectId && /^\d+$/.test(params.projectId) ? Number(params.projectId) : null;
  const list = useEnvironments(key ? projectId : null);
  return useListed(list, projectId !== null, urls.environment, key, (e) => e.api_key === key);
}

/**
 * One record of a list the dashboard already reads: taken from the list when it is there, asked
 * for on its own URL otherwise (a record past the first page, or one the user cannot see, whose
 * 403/404 the page shows). Writes refresh the list's key.
 */
function useListed<T, I extends string | number>(
  list: { data?: { results: T[] }; error?: ApiError },
  listAsked: boolean,
  url: (id: I) => string,
  id: I | null,
  matches: (item: T) => boolean,
): { data: T | undefined; error: ApiError | undefined } {
  const listed = id === null ? undefined : list.data?.results.find(matches);
  const settled = !listAsked || list.data !== undefined || list.error !== undefined;
  const single = useApi<T>(id !== null && settled && !listed ? url(id) : null);
  return { data: listed ?? single.data, error: listed ? undefined : single.error };
}
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
export function useFeatureStates(key: string | null) {
  return useApi<FeatureState[]>(key === null ? null : featureStatesKey(key), {
    fetcher: () => fetchAllPages<FeatureState>(urls.featureStates(key!)),
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

export const useAnalytics = (key: string | null) =>
  useApi<FlagAnalytics>(key === null ? null : urls.analytics(key), { shouldRetryOnError: false });

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

export const useChangeRequests = (key: string | null, committed: boolean) =>
  useApi<Page<ChangeRequestSummary>>(
    key === null ? null : urls.changeRequests(key, { committed: committed ? "true" : "false" }),
  );
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
