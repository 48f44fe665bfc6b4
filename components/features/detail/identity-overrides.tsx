"use client";
// The identity overrides of a feature in one environment: who gets something else than the
// environment's value, with a link to each identity, and a way to remove the override.
import Link from "next/link";
import { useState } from "react";
import { mutate } from "swr";
import { FeatureValue } from "@/components/features/feature-value";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { useApi } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { FlagValue } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type IdentityOverride = {
  identifier: string;
  identity_uuid: string;
  feature_state: { featurestate_uuid: string; enabled: boolean; feature_state_value: FlagValue };
};

type IdentityOverridesProps = { projectId: number; environmentKey: string; featureId: number };

export function IdentityOverrides({ projectId, environmentKey, featureId }: IdentityOverridesProps) {
  const listKey = urls.featureIdentityOverrides(environmentKey, featureId);
  const { data, error } = useApi<{ results: IdentityOverride[] }>(listKey);
  const [removing, setRemoving] = useState<IdentityOverride | null>(null);

  const remove = async (row: IdentityOverride) => {
    await api.delete(
      urls.edgeOverride(environmentKey, row.identity_uuid, row.feature_state.featurestate_uuid),
    );
    await mutate(listKey);
  };

  return (
    <Section
      title="Identity overrides"
      description="Identities that get their own state and value for this feature in this environment."
    >
      <ErrorMessage error={error} />
      {!data && !error && (
        <Card>
          <ListSkeleton rows={2} />
        </Card>
      )}
      {data?.results.length === 0 && (
        <EmptyState title="No identity overrides">
          Override the feature for one identity from that identity&apos;s page.
        </EmptyState>
      )}
      {data && data.results.length > 0 && (
        <Card>
          <ul aria-label="Identity overrides" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {data.results.map((row) => (
              <li
                key={row.feature_state.featurestate_uuid}
                data-testid="identity-override-row"
                className="flex flex-wrap items-center gap-3 px-4 py-3"
              >
                <IdentityLink
                  projectId={projectId}
                  environmentKey={environmentKey}
                  identifier={row.identifier}
                />
                <Badge tone={row.feature_state.enabled ? "green" : "neutral"}>
                  {row.feature_state.enabled ? "On" : "Off"}
                </Badge>
                <span className="min-w-0 flex-1">
                  <FeatureValue value={row.feature_state.feature_state_value} />
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove the override of ${row.identifier}`}
                  className="text-red-700 dark:text-red-400"
                  onClick={() => setRemoving(row)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the override of “${removing?.identifier}”?`}
        message="The identity gets the feature as its segments and the environment decide."
        confirmLabel="Remove override"
        onClose={() => setRemoving(null)}
        onConfirm={() => remove(removing!)}
      />
    </Section>
  );
}

/** The identity's page is addressed by its numeric id, which the overrides list does not carry:
 * an exact identifier search finds it. */
function IdentityLink({
  projectId,
  environmentKey,
  identifier,
}: {
  projectId: number;
  environmentKey: string;
  identifier: string;
}) {
  const { data } = useApi<{ results: { id: number; identifier: string }[] }>(
    urls.identities(environmentKey, { q: `"${identifier}"` }),
  );
  const identity = data?.results.find((r) => r.identifier === identifier);
  const className = "truncate font-mono text-sm font-medium";
  if (!identity) return <span className={className}>{identifier}</span>;
  return (
    <Link
      href={paths.identity(projectId, environmentKey, identity.id)}
      className={`${className} hover:text-indigo-600 hover:underline dark:hover:text-indigo-400`}
    >
      {identifier}
    </Link>
  );
}
