"use client";
// The palette's lists. Flags and segments of the project, and identities of the environment,
// are searched by the API (its own search parameters), a few at a time, once typing pauses;
// nothing is asked before the palette opens. Pages are matched here. The organisation,
// project and environment lists come from the context switcher's cache: no extra request.
import type { ApiError } from "@/lib/dashboard/fetcher";
import {
  useApi,
  useEnvironment,
  useEnvironments,
  useOrganisations,
  useProjects,
} from "@/lib/dashboard/hooks";
import { buildPalettePages, matchesQuery, MAX_QUERY_LENGTH, type PaletteItem } from "@/lib/dashboard/palette";
import { paths } from "@/lib/dashboard/paths";
import type { RouteContext } from "@/lib/dashboard/route-context";
import type { Feature, Identity, Page, Segment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { useDebouncedValue } from "./use-debounced-value";

/** Results per searched kind: enough to pick from, small enough to answer fast. */
export const RESULTS_PER_KIND = 8;
const DEBOUNCE_MS = 200;

export type PaletteGroup = { key: string; label: string; items: PaletteItem[] };

export type PaletteResults = {
  groups: PaletteGroup[];
  /** A search is waiting for typing to pause or for the API. */
  isSearching: boolean;
  /** Kinds the API refused or failed to list, with its reason. */
  failures: string[];
};

const listed = { keepPreviousData: true };

export function usePaletteResults(
  context: RouteContext,
  query: string,
  recent: PaletteItem[],
): PaletteResults {
  const { organisationId, projectId, environmentKey } = context;
  const trimmed = query.trim().slice(0, MAX_QUERY_LENGTH);
  const search = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const inEnvironment = projectId !== null && environmentKey !== null;

  const { data: environment } = useEnvironment(environmentKey);
  const { data: environments } = useEnvironments(projectId);
  const { data: organisations } = useOrganisations();
  const { data: projects } = useProjects(organisationId);

  const flags = useApi<Page<Feature>>(
    inEnvironment
      ? urls.features(projectId, {
          search: search || undefined,
          sort_field: "name",
          page_size: RESULTS_PER_KIND,
        })
      : null,
    listed,
  );
  const segments = useApi<Page<Segment>>(
    inEnvironment ? urls.segments(projectId, { q: search || undefined, page_size: RESULTS_PER_KIND }) : null,
    listed,
  );
  // Identities can number millions: only a search lists them.
  const identities = useApi<Page<Identity>>(
    inEnvironment && search
      ? urls.identities(environmentKey, { q: search, page_size: RESULTS_PER_KIND })
      : null,
    listed,
  );

  const where = environment?.name;
  const groups: PaletteGroup[] = [];
  if (!trimmed && recent.length) groups.push({ key: "recent", label: "Recent", items: recent });
  if (inEnvironment) {
    groups.push({
      key: "flags",
      label: "Flags",
      items: (flags.data?.results ?? []).map((flag) => ({
        id: `flag:${flag.id}`,
        kind: "flag",
        label: flag.name,
        detail:
          [flag.is_archived ? "Archived" : null, flag.description].filter(Boolean).join(" · ") || undefined,
        href: paths.feature(projectId, environmentKey, flag.id),
      })),
    });
    groups.push({
      key: "segments",
      label: "Segments",
      items: (segments.data?.results ?? []).map((segment) => ({
        id: `segment:${segment.id}`,
        kind: "segment",
        label: segment.name,
        detail: segment.description || undefined,
        href: paths.segment(projectId, environmentKey, segment.id),
      })),
    });
    if (search) {
      groups.push({
        key: "identities",
        label: "Identities",
        items: (identities.data?.results ?? []).map((identity) => ({
          id: `identity:${identity.id}`,
          kind: "identity",
          label: identity.identifier,
          detail: where,
          href: paths.identity(projectId, environmentKey, identity.id),
        })),
      });
    }
  }
  const pages = buildPalettePages({
    organisationId,
    projectId,
    environmentKey,
    environmentName: where,
    organisationName: organisations?.results.find((o) => o.id === organisationId)?.name,
    environments: environments?.results,
    projects,
  });
  groups.push({ key: "pages", label: "Pages", items: pages.filter((page) => matchesQuery(page, trimmed)) });

  const failures = [
    failure("Flags", flags.error),
    failure("Segments", segments.error),
    failure("Identities", identities.error),
  ].filter((text): text is string => text !== null);
  const isSearching =
    trimmed !== search || flags.isValidating || segments.isValidating || identities.isValidating;
  return { groups: groups.filter((group) => group.items.length > 0), isSearching, failures };
}

function failure(kind: string, error: ApiError | undefined): string | null {
  if (!error) return null;
  if (error.status === 403) return `${kind}: you do not have access to list them here.`;
  return `${kind} could not be searched: ${error.message}`;
}
