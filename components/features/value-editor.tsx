"use client";
// Edit one typed value and save it; used for environment defaults and for overrides.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { useUnsavedChanges } from "@/components/ui/unsaved-changes";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { FlagValue } from "@/lib/dashboard/types";
import { kindOf, parseValue, valueToText, type ValueKind } from "@/lib/dashboard/values";
import { ValueInput } from "./value-input";

type ValueEditorProps = {
  label: string;
  value: FlagValue;
  onSave: (value: FlagValue) => Promise<unknown>;
  saveLabel?: string;
};

export function ValueEditor({ label, value, onSave, saveLabel = "Save value" }: ValueEditorProps) {
  const [kind, setKind] = useState<ValueKind>(kindOf(value));
  const [text, setText] = useState(valueToText(value));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // A new value from the server replaces the form only if the user has not edited it:
  // a save's revalidation must not wipe what they typed since.
  const shown = useRef(value);
  const edited = useRef(false);
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    if (edited.current) return;
    setKind(kindOf(value));
    setText(valueToText(value));
  }, [value]);

  const parsed = parseValue(kind, text);
  const dirty = !parsed.ok || parsed.value !== value || kind !== kindOf(value);
  useUnsavedChanges(edited.current && dirty);

  const save = async () => {
    if (!parsed.ok) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      // false: the person cancelled (a protected environment asked first); nothing was saved.
      if ((await onSave(parsed.value)) === false) return;
      edited.current = false;
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <ValueInput
        label={label}
        kind={kind}
        text={text}
        onKindChange={(k) => {
          edited.current = true;
          setKind(k);
          setSaved(false);
        }}
        onTextChange={(t) => {
          edited.current = true;
          setText(t);
          setSaved(false);
        }}
        error={text !== "" && !parsed.ok ? parsed.error : null}
      />
      {kind === "float" && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Decimals are stored as text, as in Flagsmith: SDKs receive “{text || "1.5"}” as a string.
        </p>
      )}
      <ErrorMessage message={error} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="sm" busy={busy} disabled={!dirty || !parsed.ok}>
          {saveLabel}
        </Button>
        {dirty && parsed.ok && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              edited.current = false;
              setKind(kindOf(value));
              setText(valueToText(value));
            }}
          >
            Reset
          </Button>
        )}
        {saved && !dirty && (
          <span role="status" className="text-sm text-emerald-600 dark:text-emerald-400">
            Saved
          </span>
        )}
      </div>
    </form>
  );
}
