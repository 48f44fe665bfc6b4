"use client";
// The feature page's Settings tab: what applies in every environment (tags, owners, the
// feature's own settings) and deleting it.
import { DangerZone } from "@/components/common/danger-zone";
import { PermissionGate } from "@/components/permissions/permission-gate";
import type { Permissions } from "@/components/permissions/use-permissions";
import type { Feature } from "@/lib/dashboard/types";
import { FeatureSettingsForm } from "./feature-settings-form";
import { FeatureTagsOwners } from "./feature-tags-owners";

export function FeatureSettingsTab({
  projectId,
  feature,
  permissions,
  onDelete,
}: {
  projectId: number;
  feature: Feature;
  permissions: Permissions;
  onDelete: () => Promise<void>;
}) {
  return (
    <>
      <PermissionGate denial={permissions.denial("CREATE_FEATURE")}>
        <FeatureTagsOwners projectId={projectId} feature={feature} />
      </PermissionGate>
      <PermissionGate denial={permissions.denial("CREATE_FEATURE")}>
        <FeatureSettingsForm projectId={projectId} feature={feature} />
      </PermissionGate>
      {permissions.allows("DELETE_FEATURE") && (
        <DangerZone
          what="feature"
          name={feature.name}
          consequence="It is removed from every environment with its overrides; SDKs stop receiving it."
          onDelete={onDelete}
        />
      )}
    </>
  );
}
