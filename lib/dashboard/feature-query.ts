// The features list's filters, kept in the page's query string so that reload, back/forward
// and shared links keep them. Pure: parsed from and written to URLSearchParams.
import { LIFECYCLE_STAGES, type LifecycleStage } from "@/lib/features/lifecycle";

/** "changed": least recently changed first (the API's last_changed sort). */
export type FeatureSort = "created" | "-created" | "name" | "-name" | "changed" | "-changed";

export type FeatureQuery = {
  /** Part of the name or the description, any case (matched in the browser). */
  search: string;
  status: "all" | "on" | "off";
  type: "all" | "STANDARD" | "MULTIVARIATE";
  /** Tag ids: features with every one of them. */
  tags: number[];
  /** A user id: features that user owns. */
  owner: number | null;
  /** A permission group id: features that group owns (the API's `group_owners`). */
  groupOwner: number | null;
  archived: boolean;
  /** Stale: unchanged for the project's stale_flags_limit_days and not permanent (server-side). */
  stale: "all" | "stale" | "fresh";
  /** Flagsmith's lifecycle stage in the page's environment (server-side). */
  lifecycle: "all" | LifecycleStage;
  sort: FeatureSort;
};

export const DEFAULT_QUERY: FeatureQuery = {
  search: "",
  status: "all",
  type: "all",
  tags: [],
  owner: null,
  groupOwner: null,
  archived: false,
  stale: "all",
  lifecycle: "all",
  sort: "created",
};

const SORTS: FeatureSort[] = ["created", "-created", "name", "-name", "changed", "-changed"];
const ids = (text: string | null) =>
  (text ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter((t) => /^\d+$/.test(t))
    .map(Number);

type Readable = { get(name: string): string | null };

export function readFeatureQuery(params: Readable): FeatureQuery {
  const status = params.get("status");
  const type = params.get("type");
  const sort = params.get("sort") as FeatureSort | null;
  const owner = ids(params.get("owner"))[0];
  const groupOwner = ids(params.get("group_owner"))[0];
  const stale = params.get("stale");
  const lifecycle = params.get("lifecycle") as LifecycleStage | null;
  return {
    search: params.get("q") ?? "",
    status: status === "on" || status === "off" ? status : "all",
    type: type === "STANDARD" || type === "MULTIVARIATE" ? type : "all",
    tags: ids(params.get("tags")),
    owner: owner ?? null,
    groupOwner: groupOwner ?? null,
    archived: params.get("archived") === "1",
    stale: stale === "stale" || stale === "fresh" ? stale : "all",
    lifecycle: lifecycle && LIFECYCLE_STAGES.includes(lifecycle) ? lifecycle : "all",
    sort: sort && SORTS.includes(sort) ? sort : "created",
  };
}

/** The query string of the page (defaults left out), without the leading "?". */
export function writeFeatureQuery(query: FeatureQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.status !== "all") params.set("status", query.status);
  if (query.type !== "all") params.set("type", query.type);
  if (query.tags.length) params.set("tags", query.tags.join(","));
  if (query.owner !== null) params.set("owner", String(query.owner));
  if (query.groupOwner !== null) params.set("group_owner", String(query.groupOwner));
  if (query.archived) params.set("archived", "1");
  if (query.stale !== "all") params.set("stale", query.stale);
  if (query.lifecycle !== "all") params.set("lifecycle", query.lifecycle);
  if (query.sort !== "created") params.set("sort", query.sort);
  return params.toString();
}

export function isFiltered(query: FeatureQuery): boolean {
  return (
    query.search !== "" ||
    query.status !== "all" ||
    query.type !== "all" ||
    query.tags.length > 0 ||
    query.owner !== null ||
    query.groupOwner !== null ||
    query.archived ||
    query.stale !== "all" ||
    query.lifecycle !== "all"
  );
}

const SORT_FIELDS = { created: "created_date", name: "name", changed: "last_changed" } as const;

/** The API's parameters for the filters the server applies (Flagsmith's feature list query). */
export function apiFeatureParams(query: FeatureQuery, environment: number | undefined) {
  return {
    environment,
    is_enabled:
      environment !== undefined && query.status !== "all" ? String(query.status === "on") : undefined,
    tags: query.tags.length ? query.tags.join(",") : undefined,
    owners: query.owner !== null ? String(query.owner) : undefined,
    group_owners: query.groupOwner !== null ? String(query.groupOwner) : undefined,
    is_archived: String(query.archived),
    type: query.type !== "all" ? query.type : undefined,
    is_stale: query.stale !== "all" ? String(query.stale === "stale") : undefined,
    lifecycle_stage: environment !== undefined && query.lifecycle !== "all" ? query.lifecycle : undefined,
    sort_field: SORT_FIELDS[query.sort.replace("-", "") as "created" | "name" | "changed"],
    sort_direction: query.sort.startsWith("-") ? "DESC" : "ASC",
  };
}

/** Search stays in the browser: the API searches names only, the dashboard descriptions too. */
export function matchesSearch(feature: { name: string; description: string | null }, search: string) {
  const needle = search.trim().toLowerCase();
  return (
    !needle ||
    feature.name.toLowerCase().includes(needle) ||
    (feature.description ?? "").toLowerCase().includes(needle)
  );
}
