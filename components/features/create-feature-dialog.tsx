"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, TextAreaField, TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { useEnvironments, useProject } from "@/lib/dashboard/hooks";
import type { Feature } from "@/lib/dashboard/types";
import { useTags } from "@/lib/dashboard/hooks";
import { urls } from "@/lib/dashboard/urls";
import { initialValueText, parseValue, type ValueKind } from "@/lib/dashboard/values";
import { featureNameMismatch, matchesFeatureNamePattern } from "@/lib/projects/feature-name-pattern";
import { TagPicker } from "./tag-picker";
import { ValueInput } from "./value-input";

const EMPTY = {
  name: "",
  description: "",
  kind: "string" as ValueKind,
  value: "",
  enabled: false,
  serverOnly: false,
  tags: [] as number[],
};

export function CreateFeatureDialog({
  open,
  projectId,
  onClose,
  onCreated,
}: {
  open: boolean;
  projectId: number;
  onClose: () => void;
  onCreated: (feature: Feature) => Promise<void>;
}) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: tags } = useTags(projectId);
  const { data: project } = useProject(open ? projectId : null);
  const { data: environments } = useEnvironments(open ? projectId : null);

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = parseValue(form.kind, form.value);
    const local: Record<string, string> = {};
    const pattern = project?.feature_name_regex;
    if (!form.name.trim()) local.name = "Enter a name.";
    else if (pattern && !matchesFeatureNamePattern(pattern, form.name.trim())) {
      local.name = featureNameMismatch(pattern);
    }
    if (!parsed.ok) local.initial_value = parsed.error;
    setErrors(local);
    if (Object.keys(local).length || !parsed.ok) return;
    setBusy(true);
    setError(null);
    try {
      const feature = await api.post<Feature>(urls.featuresCreate(projectId), {
        name: form.name.trim(),
        description: form.description.trim() || null,
        initial_value: initialValueText(parsed.value),
        default_enabled: form.enabled,
        is_server_key_only: form.serverOnly,
        tags: form.tags,
      });
      await onCreated(feature);
      close();
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      if (!fields.name && !fields.initial_value && !fields.description) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="New feature"
      description="Features belong to the project: every environment gets one, starting with these defaults."
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Create feature
          </Button>
        </>
      }
    >
      <TextField
        label="Name"
        value={form.name}
        placeholder="new_checkout"
        autoFocus
        className="font-mono"
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        hint={
          project?.feature_name_regex ? (
            <>
              Must match the project&rsquo;s pattern{" "}
              <code className="font-mono break-all">{project.feature_name_regex}</code> (the whole name).
            </>
          ) : undefined
        }
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        rows={2}
        value={form.description}
        placeholder="What it changes, who owns it"
        onChange={(e) => setForm({ ...form, description: e.target.value })}
        error={errors.description}
      />
      <ValueInput
        label="Initial value"
        kind={form.kind}
        text={form.value}
        onKindChange={(kind) => setForm((f) => ({ ...f, kind }))}
        onTextChange={(value) => setForm((f) => ({ ...f, value }))}
        error={errors.initial_value}
      />
      <Checkbox
        label="Enabled by default"
        hint={enabledHint(
          project?.prevent_flag_defaults,
          environments?.results.map((e) => e.name),
        )}
        checked={form.enabled}
        onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
      />
      <Checkbox
        label="Server-side only"
        hint="Client-side keys never see this feature."
        checked={form.serverOnly}
        onChange={(e) => setForm({ ...form, serverOnly: e.target.checked })}
      />
      {tags && tags.length > 0 && (
        <TagPicker
          tags={tags}
          selected={form.tags}
          onChange={(ids) => setForm((f) => ({ ...f, tags: ids }))}
        />
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}

/** Exactly what ticking the box does: it applies to the environments that exist now, too. */
function enabledHint(preventDefaults: boolean | undefined, names: string[] | undefined): string {
  if (preventDefaults) {
    return "This project prevents flag defaults: the feature starts off and without a value in every environment, ticked or not.";
  }
  const existing =
    names === undefined
      ? "every environment of the project"
      : names.length === 0
        ? "no environment yet"
        : names.length === 1
          ? `the existing environment (${names[0]})`
          : `all ${names.length} existing environments (${names.join(", ")})`;
  return `Ticked, the feature is turned on at once in ${existing}, and in environments created later. Unticked, it starts off everywhere.`;
}
