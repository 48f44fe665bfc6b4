"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { mutate } from "swr";
import {
  gate,
  useEnvironmentPermissions,
  useOrganisationPermissions,
  useProjectPermissions,
} from "@/components/permissions/use-permissions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox } from "@/components/ui/field";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { evaluationCounts } from "@/lib/dashboard/analytics";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { api } from "@/lib/dashboard/api-client";
import {
  apiFeatureParams,
  DEFAULT_QUERY,
  isFiltered,
  matchesSearch,
  readFeatureQuery,
  writeFeatureQuery,
  type FeatureQuery,
} from "@/lib/dashboard/feature-query";
import {
  featureStatesKey,
  isFeaturesKey,
  useAnalytics,
  useEnvironment,
  useFilteredFeatures,
  useGroupSummaries,
  useMe,
  useProject,
  useTags,
} from "@/lib/dashboard/hooks";
import type { Feature, StateSummary } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { CreateFeatureDialog } from "./create-feature-dialog";
import { FeatureFilters } from "./feature-filters";
import { FeatureRow } from "./feature-row";
import { TagsDialog } from "./tags-dialog";
import { FeatureFileDialog } from "./feature-file-dialog";
import { BulkActions } from "./bulk-actions";
import { useFeatureSelection } from "./use-feature-selection";
import { useArchiveFeature } from "./use-archive-feature";

/**
 * The filters live in the query string: reload, back/forward and shared links keep them.
 * A change merges into the last query written until the URL shows it, so that quick
 * successive changes never start from a stale copy.
 */
function useUrlQuery() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = useMemo(() => readFeatureQuery(params), [params]);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (params.toString() === pending.current) pending.current = null;
  }, [params]);
  const setQuery = (change: Partial<FeatureQuery>, mode: "push" | "replace" = "push") => {
    const base = pending.current === null ? query : readFeatureQuery(new URLSearchParams(pending.current));
    const text = writeFeatureQuery({ ...base, ...change });
    pending.current = text;
    const href = text ? `${pathname}?${text}` : pathname;
    if (mode === "push") router.push(href, { scroll: false });
    else router.replace(href, { scroll: false });
  };
  return [query, setQuery] as const;
}

export function FeaturesPage({ projectId, environmentKey }: { projectId: number; environmentKey: string }) {
  const { data: environment, error: envError } = useEnvironment(environmentKey);
  const [query, setQuery] = useUrlQuery();
  const featuresKey = environment ? urls.features(projectId, apiFeatureParams(query, environment.id)) : null;
  const { data: features, error: featuresError } = useFilteredFeatures(featuresKey);
  const { data: analytics } = useAnalytics(environment ? environmentKey : null);
  const { data: tags } = useTags(projectId);
  const { data: me } = useMe();
  const { data: project } = useProject(projectId);
  // The owner filter's groups: asked for once someone reaches for that filter (or a link names one).
  const [ownersWanted, setOwnersWanted] = useState(query.groupOwner !== null);
  const { data: groups } = useGroupSummaries(ownersWanted ? (project?.organisation ?? null) : null);
  const [creating, setCreating] = useState(false);
  const [managingTags, setManagingTags] = useState(false);
  const [movingFiles, setMovingFiles] = useState(false);
  const environmentPermissions = useEnvironmentPermissions(environmentKey);
  const organisationPermissions = useOrganisationPermissions(project?.organisation ?? null);
  const [deleting, setDeleting] = useState<Feature | null>(null);
  const projectPermissions = useProjectPermissions(projectId);
  const creation = gate(projectPermissions, "CREATE_FEATURE");

  // Each listed feature carries its state in this environment (`?environment=`): no second list.
  const all = features?.results;
  const stateByFeature = useMemo(
    () =>
      new Map<number, StateSummary>(
        (all ?? []).flatMap((f) =>
          f.environment_feature_state ? [[f.id, f.environment_feature_state]] : [],
        ),
      ),
    [all],
  );
  const counts = useMemo(() => (analytics === undefined ? null : evaluationCounts(analytics)), [analytics]);
  const visible = useMemo(
    () => (all ?? []).filter((feature) => matchesSearch(feature, query.search)),
    [all, query.search],
  );
  const tagById = useMemo(() => new Map((tags ?? []).map((t) => [t.id, t])), [tags]);
  const selection = useFeatureSelection(visible);

  const refresh = () =>
    Promise.all([mutate(isFeaturesKey(projectId)), mutate(featureStatesKey(environmentKey))]).then(
      () => undefined,
    );
  const toast = useToast();
  const confirmChange = useProtectedConfirm(environmentKey);
  const remove = async (feature: Feature) => {
    const asked = await confirmChange(
      (env) => (
        <>
          Delete <Name>{feature.name}</Name> from {env} and every other environment?
        </>
      ),
      "Delete feature",
    );
    if (!asked) return;
    await api.delete(urls.feature(projectId, feature.id));
    await refresh();
    toast({ message: `Deleted ${feature.name}.` });
  };
  const setArchived = useArchiveFeature(projectId, refresh);

  const loading = !all;
  const error = envError ?? featuresError;
  const filtering = isFiltered(query);
  const filtered = filtering && all !== undefined && visible.length === 0;

  return (
    <>
      <PageHeader
        title="Features"
        description={
          environment ? (
            <>Flags and remote config of the project, as they are in {environment.name}.</>
          ) : (
            "Flags and remote config of the project."
          )
        }
        actions={
          <>
            <Button onClick={() => setManagingTags(true)} {...gate(projectPermissions, "MANAGE_TAGS")}>
              Tags
            </Button>
            <Button onClick={() => setMovingFiles(true)} disabled={!environment}>
              Export / import
            </Button>
            <Button variant="primary" onClick={() => setCreating(true)} {...creation}>
              New feature
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <ErrorMessage error={error} />
        {all && (all.length > 0 || filtering) && (
          <FeatureFilters
            query={query}
            tags={tags ?? []}
            meId={me?.id}
            groups={groups ?? []}
            onOwnersWanted={() => setOwnersWanted(true)}
            onChange={setQuery}
          />
        )}
        {loading && !error && (
          <Card>
            <ListSkeleton rows={5} />
          </Card>
        )}
        {!loading && all.length === 0 && !filtering && (
          <EmptyState
            title="No features yet"
            action={
              <Button variant="primary" onClick={() => setCreating(true)} {...creation}>
                Create your first feature
              </Button>
            }
          >
            A feature is a flag your code asks about by name: turn it on or off per environment, give it a
            value, or target it at segments and identities.
          </EmptyState>
        )}
        {filtered && (
          <EmptyState
            title="No features match"
            action={
              <Button onClick={() => setQuery({ ...DEFAULT_QUERY, sort: query.sort })}>Clear filters</Button>
            }
          >
            Nothing matches these filters in this environment.
          </EmptyState>
        )}
        {!loading && (
          <BulkActions
            projectId={projectId}
            environmentKey={environmentKey}
            selected={selection.selected}
            states={stateByFeature}
            tags={tags ?? []}
            archivedView={query.archived}
            onFinished={refresh}
            onClear={() => selection.set([])}
          />
        )}
        {!loading && visible.length > 0 && (
          <Card>
            <div className="border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
              <Checkbox
                label="Select all on this page"
                checked={selection.allSelected}
                onChange={(e) => selection.set(e.target.checked ? visible.map((f) => f.id) : [])}
              />
            </div>
            <ul aria-label="Features" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {visible.map((feature) => (
                <FeatureRow
                  key={feature.id}
                  feature={feature}
                  state={stateByFeature.get(feature.id)}
                  tags={feature.tags.flatMap((id) => tagById.get(id) ?? [])}
                  projectId={projectId}
                  environmentKey={environmentKey}
                  evaluations={counts ? (counts.get(feature.name) ?? 0) : undefined}
                  onDelete={setDeleting}
                  selected={selection.has(feature.id)}
                  onSelect={(on) => selection.toggle(feature.id, on)}
                  onArchive={(archived) => setArchived(feature, archived)}
                />
              ))}
            </ul>
          </Card>
        )}
        {features && visible.length > 0 && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {visible.length === features.count
              ? `${features.count} feature${features.count === 1 ? "" : "s"}`
              : `${visible.length} of ${features.count} features`}
          </p>
        )}
      </div>
      <CreateFeatureDialog
        open={creating}
        projectId={projectId}
        onClose={() => setCreating(false)}
        onCreated={async (feature) => {
          await refresh();
          toast({ message: `Created ${feature.name}.` });
        }}
      />
      <TagsDialog open={managingTags} projectId={projectId} onClose={() => setManagingTags(false)} />
      {environment && (
        <FeatureFileDialog
          open={movingFiles}
          environmentId={environment.id}
          environmentName={environment.name}
          canExport={environmentPermissions.admin}
          canImport={organisationPermissions.admin}
          onClose={() => setMovingFiles(false)}
          onImported={refresh}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name}”?`}
        message="The feature is removed from every environment of the project, with its overrides. SDKs stop receiving it."
        confirmLabel="Delete feature"
        onClose={() => setDeleting(null)}
        onConfirm={() => remove(deleting!)}
      />
    </>
  );
}
