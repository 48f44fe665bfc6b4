"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { compactSelectClass } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { isFeaturesKey, useOrganisationMembers, useProject, useTags } from "@/lib/dashboard/hooks";
import type { Feature, FeatureOwner } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { TagPicker } from "../tag-picker";

const ownerName = (o: FeatureOwner) => [o.first_name, o.last_name].filter(Boolean).join(" ") || o.email;

/** Tags (saved as they are toggled) and owners, picked from the organisation's members. */
export function FeatureTagsOwners({ projectId, feature }: { projectId: number; feature: Feature }) {
  const { data: tags } = useTags(projectId);
  const { data: project } = useProject(projectId);
  const { data: members } = useOrganisationMembers(project?.organisation ?? null);
  const [error, setError] = useState<unknown>(null);

  const write = async (change: () => Promise<unknown>) => {
    setError(null);
    try {
      await change();
      await mutate(urls.feature(projectId, feature.id));
      await mutate(isFeaturesKey(projectId));
    } catch (e) {
      setError(e);
    }
  };
  const setTags = (ids: number[]) =>
    write(() => api.patch(urls.feature(projectId, feature.id), { tags: ids }));
  const owners = (action: "add" | "remove", id: number) =>
    write(() => api.post(urls.featureOwners(projectId, feature.id, action), { user_ids: [id] }));
  const candidates = (members ?? []).filter((m) => !feature.owners.some((o) => o.id === m.id));

  return (
    <Section title="Tags and owners" description="Tags group features in the list; owners answer for them.">
      <Card className="space-y-4 p-4">
        <TagPicker tags={tags ?? []} selected={feature.tags} onChange={(ids) => void setTags(ids)} />
        <ul aria-label="Owners" className="flex flex-wrap items-center gap-2">
          {feature.owners.map((o) => (
            <li key={o.id} className="flex items-center gap-1 text-sm">
              <span>{ownerName(o)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove owner ${o.email}`}
                onClick={() => void owners("remove", o.id)}
              >
                ×
              </Button>
            </li>
          ))}
          {feature.owners.length === 0 && (
            <li className="text-sm text-zinc-500 dark:text-zinc-400">No owners.</li>
          )}
        </ul>
        {candidates.length > 0 && (
          <select
            aria-label="Add an owner"
            value=""
            onChange={(e) => e.target.value && void owners("add", Number(e.target.value))}
            className={compactSelectClass}
          >
            <option value="">Add an owner…</option>
            {candidates.map((m) => (
              <option key={m.id} value={m.id}>
                {ownerName(m)}
              </option>
            ))}
          </select>
        )}
        <ErrorMessage error={error} />
      </Card>
    </Section>
  );
}
