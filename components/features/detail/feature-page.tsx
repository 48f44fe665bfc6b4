"use client";
// One feature in one environment: its state and value, its variations, its segment
// overrides, how often SDKs evaluated it, and its project-wide settings, one tab each (?tab=).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import {
  RequestChangeDialog,
  type RequestedChange,
} from "@/components/change-requests/request-change-dialog";
import { Button } from "@/components/ui/button";
import { PermissionGate } from "@/components/permissions/permission-gate";
import {
  gate,
  useEnvironmentPermissions,
  useProjectPermissions,
} from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { LoadError } from "@/components/common/load-error";
import { JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, useUrlTab } from "@/components/ui/tabs";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { api } from "@/lib/dashboard/api-client";
import {
  featureStatesKey,
  useEnvironment,
  useFeature,
  useFeatureStates,
  useProject,
} from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { FlagValue } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { FeatureToggle } from "../feature-toggle";
import { CodeReferences } from "./code-references";
import { EvaluationChart } from "./evaluation-chart";
import { FeatureHistory } from "./feature-history";
import { FeatureSettingsTab } from "./feature-settings-tab";
import { FeatureValueTab } from "./feature-value-tab";
import { ScheduledChanges } from "./scheduled-changes";
import { IdentityOverrides } from "./identity-overrides";
import { SegmentOverrides } from "./segment-overrides";

/** Each tab renders (and so fetches) only what it shows. */
const FEATURE_TABS = [
  { key: "value", label: "Value & variations" },
  { key: "segments", label: "Segment overrides" },
  { key: "identities", label: "Identity overrides" },
  { key: "schedule", label: "Schedule" },
  { key: "history", label: "History" },
  { key: "usage", label: "Usage" },
  { key: "settings", label: "Settings" },
] as const;

type FeaturePageProps = { projectId: number; environmentKey: string; featureId: number };

export function FeaturePage({ projectId, environmentKey, featureId }: FeaturePageProps) {
  const router = useRouter();
  const [tab, selectTab] = useUrlTab(FEATURE_TABS);
  const { data: environment } = useEnvironment(environmentKey);
  const { data: feature, error } = useFeature(projectId, featureId);
  const { data: states } = useFeatureStates(environmentKey);
  const state = states?.find((s) => s.feature === featureId);
  const projectPermissions = useProjectPermissions(projectId);
  const environmentPermissions = useEnvironmentPermissions(environmentKey);
  const confirmChange = useProtectedConfirm(environmentKey);
  const featureName = <Name>{feature?.name}</Name>;
  const { data: project } = useProject(projectId);
  // With approvals required here, a change is requested rather than written.
  const requiresReview =
    environment?.minimum_change_request_approvals !== null &&
    environment?.minimum_change_request_approvals !== undefined;
  const [requested, setRequested] = useState<RequestedChange | null>(null);

  const saveValue = async (value: FlagValue) => {
    if (requiresReview) {
      setRequested({ enabled: state!.enabled, value });
      return false;
    }
    const asked = await confirmChange(
      (env) => (
        <>
          Change the value of {featureName} in {env}?
        </>
      ),
      "Save value",
    );
    if (!asked) return false;
    await api.patch(urls.featureState(environmentKey, state!.id), { feature_state_value: value });
    await mutate(featureStatesKey(environmentKey));
  };
  const remove = async () => {
    const asked = await confirmChange(
      (env) => (
        <>
          Delete {featureName} from {env} and every other environment?
        </>
      ),
      "Delete feature",
    );
    if (!asked) return;
    await api.delete(urls.feature(projectId, featureId));
    await mutate(featureStatesKey(environmentKey));
    router.push(paths.features(projectId, environmentKey));
  };

  if (error)
    return (
      <LoadError
        error={error}
        what="feature"
        back={[{ href: paths.features(projectId, environmentKey), label: "Back to features" }]}
      />
    );

  return (
    <div className="space-y-10">
      <div>
        <PageHeader
          back={{ href: paths.features(projectId, environmentKey), label: "Features" }}
          title={
            feature ? <span className="font-mono">{feature.name}</span> : <Skeleton className="h-8 w-56" />
          }
          description={
            feature && (
              <div className="flex flex-wrap items-center gap-2">
                {feature.description && <span>{feature.description}</span>}
                {feature.type === "MULTIVARIATE" && <Badge tone="indigo">Multivariate</Badge>}
                {feature.is_server_key_only && <Badge tone="amber">Server-side only</Badge>}
              </div>
            )
          }
          actions={
            feature &&
            state && (
              <div className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
                {state.enabled ? "On" : "Off"} in {environment?.name ?? "this environment"}
                {requiresReview ? (
                  <Button
                    size="sm"
                    {...gate(environmentPermissions, "CREATE_CHANGE_REQUEST")}
                    onClick={() =>
                      setRequested({ enabled: !state.enabled, value: state.feature_state_value })
                    }
                  >
                    Request to turn {state.enabled ? "off" : "on"}
                  </Button>
                ) : (
                  <FeatureToggle environmentKey={environmentKey} state={state} featureName={feature.name} />
                )}
              </div>
            )
          }
        />
        {feature && <JsonView record={feature} label="Feature JSON" />}
        {state && (
          <JsonView record={state} label={`Feature state JSON (${environment?.name ?? "environment"})`} />
        )}
      </div>

      <Tabs label="Feature" idPrefix="feature" tabs={FEATURE_TABS} selected={tab} onSelect={selectTab}>
        {tab === "value" && (
          <FeatureValueTab
            projectId={projectId}
            environmentKey={environmentKey}
            environmentName={environment?.name}
            feature={feature}
            state={state}
            requiresReview={requiresReview}
            onSaveValue={saveValue}
            projectPermissions={projectPermissions}
            environmentPermissions={environmentPermissions}
          />
        )}
        {tab === "segments" && feature && environment && (
          <PermissionGate denial={environmentPermissions.denial("MANAGE_SEGMENT_OVERRIDES")}>
            <SegmentOverrides
              projectId={projectId}
              environmentKey={environmentKey}
              environmentId={environment.id}
              feature={feature}
            />
          </PermissionGate>
        )}
        {tab === "identities" &&
          (environmentPermissions.allows("VIEW_IDENTITIES") ? (
            <PermissionGate denial={environmentPermissions.denial("MANAGE_IDENTITIES")}>
              <IdentityOverrides
                projectId={projectId}
                environmentKey={environmentKey}
                featureId={featureId}
              />
            </PermissionGate>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {environmentPermissions.denial("VIEW_IDENTITIES")}
            </p>
          ))}
        {tab === "schedule" && environment && state && (
          <PermissionGate denial={environmentPermissions.denial("UPDATE_FEATURE_STATE")}>
            <ScheduledChanges
              environmentKey={environmentKey}
              environmentId={environment.id}
              featureId={featureId}
              defaultStateId={state.id}
            />
          </PermissionGate>
        )}
        {tab === "history" && <FeatureHistory environmentKey={environmentKey} featureId={featureId} />}
        {tab === "usage" && (
          <>
            {environment && (
              <EvaluationChart projectId={projectId} featureId={featureId} environmentId={environment.id} />
            )}
            <CodeReferences projectId={projectId} featureId={featureId} />
          </>
        )}
        {tab === "settings" && feature && (
          <FeatureSettingsTab
            projectId={projectId}
            feature={feature}
            permissions={projectPermissions}
            onDelete={remove}
          />
        )}
      </Tabs>
      {feature && environment && requested && (
        <RequestChangeDialog
          open
          onClose={() => setRequested(null)}
          projectId={projectId}
          environmentKey={environmentKey}
          environmentName={environment.name}
          organisationId={project?.organisation ?? null}
          feature={feature}
          change={requested}
        />
      )}
    </div>
  );
}
