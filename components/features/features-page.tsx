"use client";
import { useMemo, useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { evaluationCounts } from "@/lib/dashboard/analytics";
import { api } from "@/lib/dashboard/api-client";
import {
  featureStatesKey,
  useAnalytics,
  useEnvironment,
  useFeatureStates,
  useFeatures,
} from "@/lib/dashboard/hooks";
import type { Feature } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { CreateFeatureDialog } from "./create-feature-dialog";
import { FeatureFilters, type FeatureFilter } from "./feature-filters";
import { FeatureRow } from "./feature-row";

export function FeaturesPage({ projectId, environmentKey }: { projectId: number; environmentKey: string }) {
  const { data: environment, error: envError } = useEnvironment(environmentKey);
  const featuresKey = urls.features(projectId, { environment: environment?.id });
  const { data: features, error: featuresError } = useFeatures(projectId, environment?.id);
  const { data: states, error: statesError } = useFeatureStates(environmentKey);
  const { data: analytics } = useAnalytics(environmentKey);
  const [filter, setFilter] = useState<FeatureFilter>({ search: "", status: "all", type: "all" });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Feature | null>(null);

  const stateByFeature = useMemo(() => new Map((states ?? []).map((s) => [s.feature, s])), [states]);
  const counts = useMemo(() => (analytics === undefined ? null : evaluationCounts(analytics)), [analytics]);
  const all = features?.results;
  const visible = useMemo(() => {
    const needle = filter.search.trim().toLowerCase();
    return (all ?? []).filter((feature) => {
      const state = stateByFeature.get(feature.id);
      if (
        needle &&
        !feature.name.toLowerCase().includes(needle) &&
        !(feature.description ?? "").toLowerCase().includes(needle)
      )
        return false;
      if (filter.status === "on" && !state?.enabled) return false;
      if (filter.status === "off" && state?.enabled) return false;
      if (filter.type !== "all" && feature.type !== filter.type) return false;
      return true;
    });
  }, [all, filter, stateByFeature]);

  const refresh = () =>
    Promise.all([mutate(featuresKey), mutate(featureStatesKey(environmentKey))]).then(() => undefined);
  const toast = useToast();
  const remove = async (feature: Feature) => {
    await api.delete(urls.feature(projectId, feature.id));
    await refresh();
    toast({ message: `Deleted ${feature.name}.` });
  };

  const loading = !all || !states;
  const error = envError ?? featuresError ?? statesError;
  const filtered = (all?.length ?? 0) > 0 && visible.length === 0;

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
          <Button variant="primary" onClick={() => setCreating(true)}>
            New feature
          </Button>
        }
      />
      <div className="space-y-4">
        <ErrorMessage error={error} />
        {all && all.length > 0 && <FeatureFilters filter={filter} onChange={setFilter} />}
        {loading && !error && (
          <Card>
            <ListSkeleton rows={5} />
          </Card>
        )}
        {!loading && all.length === 0 && (
          <EmptyState
            title="No features yet"
            action={
              <Button variant="primary" onClick={() => setCreating(true)}>
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
              <Button onClick={() => setFilter({ search: "", status: "all", type: "all" })}>
                Clear filters
              </Button>
            }
          >
            Nothing matches these filters in this environment.
          </EmptyState>
        )}
        {!loading && visible.length > 0 && (
          <Card>
            <ul aria-label="Features" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {visible.map((feature) => (
                <FeatureRow
                  key={feature.id}
                  feature={feature}
                  state={stateByFeature.get(feature.id)}
                  projectId={projectId}
                  environmentKey={environmentKey}
                  evaluations={counts ? (counts.get(feature.name) ?? 0) : undefined}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
          </Card>
        )}
        {all && all.length > 0 && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {visible.length === all.length
              ? `${all.length} feature${all.length === 1 ? "" : "s"}`
              : `${visible.length} of ${all.length} features`}
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
