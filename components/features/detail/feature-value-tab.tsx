"use client";
// The feature page's first tab: the environment's value and the variations SDKs are served.
import { PermissionGate } from "@/components/permissions/permission-gate";
import type { Permissions } from "@/components/permissions/use-permissions";
import { Card, Section } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Feature, FeatureState, FlagValue } from "@/lib/dashboard/types";
import { ValueEditor } from "../value-editor";
import { Variations } from "./variations";

export function FeatureValueTab({
  projectId,
  environmentKey,
  environmentName,
  feature,
  state,
  requiresReview,
  onSaveValue,
  projectPermissions,
  environmentPermissions,
}: {
  projectId: number;
  environmentKey: string;
  environmentName: string | undefined;
  feature: Feature | undefined;
  state: FeatureState | undefined;
  requiresReview: boolean;
  onSaveValue: (value: FlagValue) => Promise<unknown>;
  projectPermissions: Permissions;
  environmentPermissions: Permissions;
}) {
  return (
    <>
      <Section
        title={`Value in ${environmentName ?? "this environment"}`}
        description="What SDKs get when no segment or identity override applies."
      >
        <Card className="p-4">
          {state ? (
            <PermissionGate
              denial={environmentPermissions.denial(
                requiresReview ? "CREATE_CHANGE_REQUEST" : "UPDATE_FEATURE_STATE",
              )}
            >
              <ValueEditor
                label="Value"
                value={state.feature_state_value}
                onSave={onSaveValue}
                saveLabel={requiresReview ? "Request change" : undefined}
              />
            </PermissionGate>
          ) : (
            <Skeleton className="h-20" />
          )}
        </Card>
      </Section>
      {feature && state && (
        <PermissionGate
          denial={
            projectPermissions.denial("CREATE_FEATURE") ??
            environmentPermissions.denial("UPDATE_FEATURE_STATE")
          }
        >
          <Variations projectId={projectId} environmentKey={environmentKey} feature={feature} state={state} />
        </PermissionGate>
      )}
    </>
  );
}
