"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, SelectField } from "@/components/ui/field";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useSegments } from "@/lib/dashboard/hooks";
import type { Feature } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { parseValue, valueObject, type ValueKind } from "@/lib/dashboard/values";
import { ValueInput } from "../value-input";

type AddSegmentOverrideDialogProps = {
  open: boolean;
  projectId: number;
  environmentKey: string;
  feature: Feature;
  taken: Set<number>;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
};

export function AddSegmentOverrideDialog({
  open,
  projectId,
  environmentKey,
  feature,
  taken,
  onClose,
  onAdded,
}: AddSegmentOverrideDialogProps) {
  const { data: segments } = useSegments(projectId);
  const choices = (segments?.results ?? []).filter(
    (s) => !taken.has(s.id) && (s.feature === null || s.feature === feature.id),
  );
  const [segment, setSegment] = useState("");
  const [enabled, setEnabled] = useState(true);
  const [kind, setKind] = useState<ValueKind>("string");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseValue(kind, text);

  const close = () => {
    setSegment("");
    setText("");
    setError(null);
    onClose();
  };

  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  const submit = async () => {
    const chosen = segment || (choices[0] ? String(choices[0].id) : "");
    if (!chosen || !parsed.ok) return;
    const segmentName = choices.find((c) => String(c.id) === chosen)?.name ?? "this segment";
    const asked = await confirmChange(
      (env) => (
        <>
          Add an override of <Name>{feature.name}</Name> for {segmentName} in {env}?
        </>
      ),
      "Add override",
    );
    if (!asked) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(urls.createSegmentOverride(environmentKey, feature.id), {
        enabled,
        feature_state_value: valueObject(parsed.value),
        feature_segment: { segment: Number(chosen) },
      });
      await onAdded();
      toast({ message: `Added an override for ${segmentName}.` });
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="Add a segment override"
      description="It goes last in the priority order; move it up afterwards if it should win over others."
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!choices.length || !parsed.ok}>
            Add override
          </Button>
        </>
      }
    >
      {segments && choices.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every segment of the project already has an override here. Create a segment first.
        </p>
      ) : (
        <>
          <SelectField
            label="Segment"
            value={segment || String(choices[0]?.id ?? "")}
            onChange={(e) => setSegment(e.target.value)}
          >
            {choices.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <Checkbox
            label="Enabled for the segment"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <ValueInput
            label="Value for the segment"
            kind={kind}
            text={text}
            onKindChange={setKind}
            onTextChange={setText}
            error={text !== "" && !parsed.ok ? parsed.error : null}
          />
        </>
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}
