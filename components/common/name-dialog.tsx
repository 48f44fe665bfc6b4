"use client";
// Create or rename something that is just a name (organisation, project, environment).
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { failureMessage } from "@/lib/dashboard/failure";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";

type NameDialogProps = {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  submitLabel: string;
  initialName?: string;
  placeholder?: string;
  /** What submitting does, as a verb phrase ("create the project"), for a failure that says what to do. */
  action?: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
};

export function NameDialog({
  open,
  title,
  description,
  label,
  submitLabel,
  initialName = "",
  placeholder,
  action,
  onClose,
  onSubmit,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName(initialName);
      setError(null);
      setNameError(null);
    }
  }, [open, initialName]);

  const submit = async () => {
    if (!name.trim()) {
      setNameError("Enter a name.");
      return;
    }
    setBusy(true);
    setError(null);
    setNameError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.name) setNameError(fields.name);
      else setError(action ? failureMessage(e, action) : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <TextField
        label={label}
        value={name}
        placeholder={placeholder}
        onChange={(e) => setName(e.target.value)}
        error={nameError}
        autoFocus
        required
      />
      <ErrorMessage message={error} />
    </Dialog>
  );
}
