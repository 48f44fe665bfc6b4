"use client";
import { useEffect, useMemo, useState } from "react";
import { ValueInput } from "@/components/features/value-input";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { FlagValue, MultivariateOption, ResolvedFeatureState } from "@/lib/dashboard/types";
import { kindOf, parseValue, valueToText, type ValueKind } from "@/lib/dashboard/values";
import { optionValue, variationLabel } from "@/lib/dashboard/variations";

type OverrideDialogProps = {
  flag: ResolvedFeatureState | null;
  /** Whether the identity has its own override of the flag (the flag then shows its values). */
  overridden: boolean;
  identifier: string;
  /** A multivariate feature's variations, offered as a list beside the control value. */
  variations?: MultivariateOption[];
  controlValue?: FlagValue;
  onClose: () => void;
  onSave: (body: { enabled: boolean; feature_state_value: FlagValue }) => Promise<void>;
};

/** Creates or changes the override of one feature for one identity. */
const CUSTOM = "custom";
const CONTROL = "control";

export function OverrideDialog({
  flag,
  overridden,
  identifier,
  variations,
  controlValue,
  onClose,
  onSave,
}: OverrideDialogProps) {
  const choices = useMemo(() => {
    if (!variations?.length) return [];
    const list: { id: string; label: string; value: FlagValue }[] = [];
    if (controlValue !== undefined)
      list.push({
        id: CONTROL,
        label: `Control: ${valueToText(controlValue) || "(empty)"}`,
        value: controlValue,
      });
    for (const option of variations)
      list.push({ id: String(option.id), label: variationLabel(option), value: optionValue(option) });
    return list;
  }, [variations, controlValue]);
  const [choice, setChoice] = useState(CUSTOM);
  const [enabled, setEnabled] = useState(false);
  const [kind, setKind] = useState<ValueKind>("string");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!flag) return;
    setEnabled(flag.enabled);
    setKind(kindOf(flag.feature_state_value));
    setText(valueToText(flag.feature_state_value));
    setChoice(choices.find((c) => c.value === flag.feature_state_value)?.id ?? CUSTOM);
    setError(null);
  }, [flag, choices]);

  const choose = (id: string) => {
    setChoice(id);
    const picked = choices.find((c) => c.id === id);
    if (!picked) return;
    setKind(kindOf(picked.value));
    setText(valueToText(picked.value));
  };

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
      title={`${overridden ? "Edit the override" : "Override"} of ${flag?.feature.name ?? ""}`}
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
      {choices.length > 0 && (
        <fieldset className="space-y-1.5">
          <legend className="mb-1 text-sm font-medium">Variation for {identifier}</legend>
          {[...choices, { id: CUSTOM, label: "Another value" }].map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="override-variation"
                value={c.id}
                checked={choice === c.id}
                onChange={() => choose(c.id)}
              />
              <span className="font-mono">{c.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {(choices.length === 0 || choice === CUSTOM) && (
        <ValueInput
          label="Value for this identity"
          kind={kind}
          text={text}
          onKindChange={setKind}
          onTextChange={setText}
          error={text !== "" && !parsed.ok ? parsed.error : null}
        />
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}
