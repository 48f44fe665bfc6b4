"use client";
// Archive or unarchive one feature (Flagsmith's is_archived, through the public API), with an
// Undo in the toast. Archived features are still served to SDKs; only the list hides them.
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import type { Feature } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function useArchiveFeature(projectId: number, refresh: () => Promise<void>) {
  const toast = useToast();
  const write = async (feature: Feature, archived: boolean) => {
    await api.patch(urls.feature(projectId, feature.id), { is_archived: archived });
    await refresh();
  };
  return async (feature: Feature, archived: boolean) => {
    await write(feature, archived);
    toast({
      message: `${archived ? "Archived" : "Unarchived"} ${feature.name}.`,
      action: { label: "Undo", onClick: () => write(feature, !archived) },
    });
  };
}
