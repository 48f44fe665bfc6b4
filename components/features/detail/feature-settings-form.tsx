"use client";
import { useState, type FormEvent } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, TextAreaField } from "@/components/ui/field";
import { useUnsavedChanges } from "@/components/ui/unsaved-changes";
import { api } from "@/lib/dashboard/api-client";
import type { Feature } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

/** Settings shared by every environment. The name cannot change: SDKs look features up by it. */
export function FeatureSettingsForm({ projectId, feature }: { projectId: number; feature: Feature }) {
  const [description, setDescription] = useState(feature.description ?? "");
  const [serverOnly, setServerOnly] = useState(feature.is_server_key_only);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(description !== (feature.description ?? "") || serverOnly !== feature.is_server_key_only);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await api.patch(urls.feature(projectId, feature.id), {
        description: description.trim() || null,
        is_server_key_only: serverOnly,
      });
      await mutate(urls.feature(projectId, feature.id));
      await mutate((key) => typeof key === "string" && key.startsWith(urls.featuresCreate(projectId)));
      setSaved(true);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Feature settings" description="These apply in every environment of the project.">
      <Card className="p-4">
        <form onSubmit={submit} className="space-y-4">
          <TextAreaField
            label="Description"
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Checkbox
            label="Server-side only"
            hint="Client-side keys never see this feature."
            checked={serverOnly}
            onChange={(e) => setServerOnly(e.target.checked)}
          />
          <ErrorMessage error={error} />
          <div className="flex items-center gap-3">
            <Button type="submit" size="sm" busy={busy}>
              Save settings
            </Button>
            {saved && (
              <span role="status" className="text-sm text-emerald-600 dark:text-emerald-400">
                Saved
              </span>
            )}
          </div>
        </form>
      </Card>
    </Section>
  );
}
