"use client";
// Where a segment is used: the features it overrides (in which environments), and how many
// stored identities it matches in each environment of the project.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { mutate } from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useApi, useEnvironments, useFeatures, useSegment } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Environment, Page } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Association = { id: number; feature: number; environment: number };
type IdentityCount = { count: number; is_complete: boolean; identities_scanned: number };

type SegmentUsageProps = { projectId: number; environmentKey: string; segmentId: number };

export function SegmentUsage({ projectId, environmentKey, segmentId }: SegmentUsageProps) {
  const { data: segment } = useSegment(projectId, segmentId);
  const { data: associations, error } = useApi<Page<Association>>(
    segment ? urls.segmentAssociatedFeatures(projectId, segmentId) : null,
  );
  const { data: features } = useFeatures(projectId);
  const { data: environments } = useEnvironments(projectId);
  const [counting, setCounting] = useState(false);
  // Saved rules change whom the segment matches, and what it overrides may have changed too.
  // Only a change after the first load: the first rules are what the lists were asked with.
  const rules = segment ? JSON.stringify(segment.rules) : null;
  const counted = useRef(rules);
  useEffect(() => {
    if (counted.current === null) counted.current = rules;
    if (rules === counted.current) return;
    counted.current = rules;
    const prefix = urls.segmentAssociatedFeatures(projectId, segmentId).split("associated-features")[0]!;
    void mutate(
      (key) =>
        typeof key === "string" && key.startsWith(prefix) && key !== urls.segment(projectId, segmentId),
    );
  }, [rules, projectId, segmentId]);
  if (!segment) return null;

  const featureName = new Map(features?.results.map((f) => [f.id, f.name]));
  const environmentName = new Map(environments?.results.map((e) => [e.id, e.name]));
  const byFeature = new Map<number, number[]>();
  for (const row of associations?.results ?? [])
    byFeature.set(row.feature, [...(byFeature.get(row.feature) ?? []), row.environment]);

  return (
    <div className="mt-10 space-y-10">
      <Section
        title="Features using this segment"
        description="Features with an override for this segment, and the environments it is in."
      >
        <ErrorMessage error={error} />
        {!associations && !error && (
          <Card>
            <ListSkeleton rows={2} />
          </Card>
        )}
        {associations?.results.length === 0 && (
          <EmptyState title="No feature uses this segment">
            Add a segment override on a feature&apos;s page to serve its members something else.
          </EmptyState>
        )}
        {associations && byFeature.size > 0 && (
          <Card>
            <ul
              aria-label="Features using this segment"
              className="divide-y divide-zinc-200 dark:divide-zinc-800"
            >
              {[...byFeature].map(([featureId, environmentIds]) => (
                <li key={featureId} className="flex flex-wrap items-center gap-2 px-4 py-3">
                  <Link
                    href={paths.feature(projectId, environmentKey, featureId)}
                    className="font-mono text-sm font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
                  >
                    {featureName.get(featureId) ?? `Feature ${featureId}`}
                  </Link>
                  {environmentIds.map((id) => (
                    <Badge key={id}>{environmentName.get(id) ?? `Environment ${id}`}</Badge>
                  ))}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </Section>
      <Section
        title="Identities in this segment"
        description="Stored identities whose traits match the saved rules, per environment."
      >
        <Card>
          {!counting ? (
            // Each count evaluates the rules over an environment's stored identities (up to
            // 10,000 of them): asked for when wanted, not on every visit.
            <div className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <Button onClick={() => setCounting(true)}>Count identities</Button>
              <span className="text-zinc-600 dark:text-zinc-400">
                In each of the project&apos;s environments, with the saved rules.
              </span>
            </div>
          ) : environments ? (
            <ul
              aria-label="Identities in this segment"
              className="divide-y divide-zinc-200 dark:divide-zinc-800"
            >
              {environments.results.map((environment) => (
                <IdentityCountRow
                  key={environment.id}
                  projectId={projectId}
                  segmentId={segmentId}
                  environment={environment}
                />
              ))}
            </ul>
          ) : (
            <ListSkeleton rows={2} />
          )}
        </Card>
      </Section>
    </div>
  );
}

function IdentityCountRow({
  projectId,
  segmentId,
  environment,
}: {
  projectId: number;
  segmentId: number;
  environment: Environment;
}) {
  const { data, error } = useApi<IdentityCount>(
    urls.segmentIdentityCount(projectId, segmentId, environment.api_key),
  );
  return (
    <li
      data-testid="identity-count-row"
      className="flex items-center justify-between gap-3 px-4 py-3 text-sm"
    >
      <span className="font-medium">{environment.name}</span>
      <span className="text-zinc-700 tabular-nums dark:text-zinc-300">
        {error ? (
          <span className="text-red-700 dark:text-red-400">Could not count</span>
        ) : !data ? (
          "…"
        ) : (
          <span
            title={
              data.is_complete
                ? undefined
                : `Only the first ${data.identities_scanned} identities of this environment were evaluated.`
            }
          >
            {data.is_complete ? "" : "≥ "}
            {data.count} {data.count === 1 ? "identity" : "identities"}
          </span>
        )}
      </span>
    </li>
  );
}
