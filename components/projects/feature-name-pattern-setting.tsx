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
import { FEATURE_NAME_REGEX_MAX, featureNamePatternError } from "@/lib/projects/feature-name-pattern";

/** The project's feature_name_regex: the pattern every new feature name must match whole. */
export function FeatureNamePatternSetting({ project }: { project: Project }) {
  const stored = project.feature_name_regex ?? "";
  const [pattern, setPattern] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setPattern(stored), [stored]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = pattern ? featureNamePatternError(pattern) : null;
    setError(problem);
    setSaved(false);
    if (problem) return;
    setBusy(true);
    try {
      await api.patch<Project>(urls.project(project.id), { feature_name_regex: pattern || null });
      await mutate(urls.projects());
      setSaved(true);
    } catch (e) {
      setError(fieldErrors(e).feature_name_regex ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Feature name pattern"
      description="A regular expression every new feature name must match, whole (for example [a-z][a-z0-9_]* for snake_case). Leave it empty to accept any name. Existing features keep their names."
    >
      <Card className="p-4">
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-full max-w-md">
            <TextField
              label="Pattern"
              value={pattern}
              maxLength={FEATURE_NAME_REGEX_MAX}
              placeholder="[a-z][a-z0-9_]*"
              className="font-mono"
              error={error}
              onChange={(e) => {
                setPattern(e.target.value);
                setSaved(false);
              }}
            />
          </div>
          <Button type="submit" disabled={busy}>
            Save pattern
          </Button>
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {saved ? "Saved." : ""}
          </p>
        </form>
      </Card>
    </Section>
  );
}
