"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { compactSelectClass } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import {
  isFeaturesKey,
  useGroupSummaries,
  useOrganisationMembers,
  useProject,
  useTags,
} from "@/lib/dashboard/hooks";
import type { Feature, FeatureOwner } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { TagPicker } from "../tag-picker";

const ownerName = (o: FeatureOwner) => [o.first_name, o.last_name].filter(Boolean).join(" ") || o.email;

/** Tags (saved as they are toggled) and owners, picked from the organisation's members and groups. */
export function FeatureTagsOwners({ projectId, feature }: { projectId: number; feature: Feature }) {
  const { data: tags } = useTags(projectId);
  const { data: project } = useProject(projectId);
  const { data: members } = useOrganisationMembers(project?.organisation ?? null);
  const { data: groups } = useGroupSummaries(project?.organisation ?? null);
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
  const groupOwners = (action: "add" | "remove", id: number) =>
    write(() => api.post(urls.featureGroupOwners(projectId, feature.id, action), { group_ids: [id] }));
  const addOwner = (value: string) => {
    const [kind, id] = value.split(":");
    if (kind === "user") void owners("add", Number(id));
    if (kind === "group") void groupOwners("add", Number(id));
  };
  const candidates = (members ?? []).filter((m) => !feature.owners.some((o) => o.id === m.id));
  const groupCandidates = (groups ?? []).filter((g) => !feature.group_owners.some((o) => o.id === g.id));

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
          {feature.group_owners.map((g) => (
            <li key={`group-${g.id}`} className="flex items-center gap-1 text-sm">
              <span>
                {g.name} <span className="text-zinc-500 dark:text-zinc-400">(group)</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove group owner ${g.name}`}
                onClick={() => void groupOwners("remove", g.id)}
              >
                ×
              </Button>
            </li>
          ))}
          {feature.owners.length === 0 && feature.group_owners.length === 0 && (
            <li className="text-sm text-zinc-500 dark:text-zinc-400">No owners.</li>
          )}
        </ul>
        {candidates.length + groupCandidates.length > 0 && (
          <select
            aria-label="Add an owner"
            value=""
            onChange={(e) => addOwner(e.target.value)}
            className={compactSelectClass}
          >
            <option value="">Add an owner…</option>
            {candidates.map((m) => (
              <option key={m.id} value={`user:${m.id}`}>
                {ownerName(m)}
              </option>
            ))}
            {groupCandidates.length > 0 && (
              <optgroup label="Groups">
                {groupCandidates.map((g) => (
                  <option key={g.id} value={`group:${g.id}`}>
                    {g.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
        <ErrorMessage error={error} />
      </Card>
    </Section>
  );
}
