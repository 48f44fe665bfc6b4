"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { urls } from "@/lib/dashboard/urls";
import { parseValue, valueObject, type ValueKind } from "@/lib/dashboard/values";
import { ValueInput } from "../value-input";

type AddVariationDialogProps = {
  open: boolean;
  projectId: number;
  featureId: number;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
};

export function AddVariationDialog({
  open,
  projectId,
  featureId,
  onClose,
  onAdded,
}: AddVariationDialogProps) {
  const [kind, setKind] = useState<ValueKind>("string");
  const [text, setText] = useState("");
  const [key, setKey] = useState("");
  const [share, setShare] = useState("0");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setText("");
    setKey("");
    setShare("0");
    setErrors({});
    setError(null);
    onClose();
  };

  const submit = async () => {
    // An option's value is a string, an integer or a boolean; decimals are kept as text.
    const parsed = parseValue(kind, text);
    const allocation = Number(share);
    const local: Record<string, string> = {};
    if (!parsed.ok) local.value = parsed.error;
    else if (parsed.value === null) local.value = "Enter the variation's value.";
    if (!Number.isFinite(allocation) || allocation < 0 || allocation > 100)
      local.default_percentage_allocation = "Enter a percentage from 0 to 100.";
    setErrors(local);
    if (Object.keys(local).length || !parsed.ok) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(urls.mvOptions(projectId, featureId), {
        ...valueObject(parsed.value),
        key: key.trim() || null,
        default_percentage_allocation: allocation,
      });
      await onAdded();
      close();
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      if (
        !fields.key &&
        !fields.default_percentage_allocation &&
        !fields.string_value &&
        !fields.integer_value
      )
        setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="Add a variation"
      description="Identities get a variation by percentage; the rest get the control value."
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Add variation
          </Button>
        </>
      }
    >
      <ValueInput
        label="Variation value"
        kind={kind}
        text={text}
        onKindChange={setKind}
        onTextChange={setText}
        error={errors.value ?? errors.string_value ?? errors.integer_value}
      />
      <TextField
        label="Key (optional)"
        hint="A stable name SDKs report as the identity's variant."
        value={key}
        onChange={(e) => setKey(e.target.value)}
        className="font-mono"
        placeholder="variant_b"
        error={errors.key}
      />
      <TextField
        label="Share in every environment (%)"
        hint="Each environment starts with this share; change it per environment below."
        inputMode="decimal"
        value={share}
        onChange={(e) => setShare(e.target.value)}
        error={errors.default_percentage_allocation}
      />
      <ErrorMessage message={error} />
    </Dialog>
  );
}
