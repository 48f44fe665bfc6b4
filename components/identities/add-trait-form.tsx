"use client";
import { useState, type FormEvent } from "react";
import { ValueInput } from "@/components/features/value-input";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import type { FlagValue } from "@/lib/dashboard/types";
import { parseValue, type ValueKind } from "@/lib/dashboard/values";

export function AddTraitForm({ onAdd }: { onAdd: (key: string, value: FlagValue) => Promise<void> }) {
  const [key, setKey] = useState("");
  const [kind, setKind] = useState<ValueKind>("string");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseValue(kind, text);
    const local: Record<string, string> = {};
    if (!key.trim()) local.trait_key = "Enter a key.";
    if (!parsed.ok) local.trait_value = parsed.error;
    else if (parsed.value === null) local.trait_value = "Enter a value.";
    setErrors(local);
    if (Object.keys(local).length || !parsed.ok) return;
    setBusy(true);
    setError(null);
    try {
      await onAdd(key.trim(), parsed.value);
      setKey("");
      setText("");
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      if (!fields.trait_key && !fields.trait_value) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Add a trait" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label="Trait key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="plan"
          className="font-mono"
          error={errors.trait_key}
        />
        <ValueInput
          label="Trait value"
          kind={kind}
          text={text}
          onKindChange={setKind}
          onTextChange={setText}
          error={errors.trait_value}
        />
        <Button type="submit" busy={busy} className="sm:mt-6">
          Add trait
        </Button>
      </div>
      <ErrorMessage message={error} />
    </form>
  );
}
