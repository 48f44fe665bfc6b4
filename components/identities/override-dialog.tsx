"use client";
import { useEffect, useState } from "react";
import { ValueInput } from "@/components/features/value-input";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { FeatureState, FlagValue, ResolvedFeatureState } from "@/lib/dashboard/types";
import { kindOf, parseValue, valueToText, type ValueKind } from "@/lib/dashboard/values";

type OverrideDialogProps = {
  flag: ResolvedFeatureState | null;
  override: FeatureState | undefined;
  identifier: string;
  onClose: () => void;
  onSave: (body: { enabled: boolean; feature_state_value: FlagValue }) => Promise<void>;
};

/** Creates or changes the override of one feature for one identity. */
export function OverrideDialog({ flag, override, identifier, onClose, onSave }: OverrideDialogProps) {
  const [enabled, setEnabled] = useState(false);
  const [kind, setKind] = useState<ValueKind>("string");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!flag) return;
    const start = override ?? { enabled: flag.enabled, feature_state_value: flag.feature_state_value };
    setEnabled(start.enabled);
    setKind(kindOf(start.feature_state_value));
    setText(valueToText(start.feature_state_value));
    setError(null);
  }, [flag, override]);

  const parsed = parseValue(kind, text);
  const submit = async () => {
    if (!parsed.ok) return;
    setBusy(true);
    setError(null);
    try {
      await onSave({ enabled, feature_state_value: parsed.value });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={flag !== null}
      title={`${override ? "Edit the override" : "Override"} of ${flag?.feature.name ?? ""}`}
      description={`Only ${identifier} gets this, whatever its segments say.`}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!parsed.ok}>
            Save override
          </Button>
        </>
      }
    >
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium">Enabled for {identifier}</span>
        <Switch label="Enabled for this identity" checked={enabled} onChange={setEnabled} />
      </div>
      <ValueInput
        label="Value for this identity"
        kind={kind}
        text={text}
        onKindChange={setKind}
        onTextChange={setText}
        error={text !== "" && !parsed.ok ? parsed.error : null}
      />
      <ErrorMessage message={error} />
    </Dialog>
  );
}
