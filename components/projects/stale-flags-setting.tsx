"use client";
import { useEffect, useState, type FormEvent } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import type { Project } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

/** The project's stale_flags_limit_days: after how many unchanged days the features list calls a flag stale. */
export function StaleFlagsSetting({ project }: { project: Project }) {
  const [days, setDays] = useState(String(project.stale_flags_limit_days));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setDays(String(project.stale_flags_limit_days)), [project.stale_flags_limit_days]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      // The API checks the bounds and answers the message shown next to the field.
      const value = /^\d+$/.test(days.trim()) ? Number(days.trim()) : days;
      await api.patch<Project>(urls.project(project.id), { stale_flags_limit_days: value });
      await mutate(urls.projects());
      setSaved(true);
    } catch (e) {
      setError(fieldErrors(e).stale_flags_limit_days ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Stale flags"
      description="The features list marks a flag stale when nothing about it changed for this many days. Flags with a permanent tag are never stale."
    >
      <Card className="p-4">
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <TextField
              label="Days until stale"
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              value={days}
              error={error}
              onChange={(e) => {
                setDays(e.target.value);
                setSaved(false);
              }}
            />
          </div>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {saved ? "Saved." : ""}
          </p>
        </form>
      </Card>
    </Section>
  );
}
