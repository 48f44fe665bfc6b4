"use client";
// Every destructive action asks first; the API's refusal, if any, shows inside the dialog.
import { useState, type ReactNode } from "react";
import { failureMessage } from "@/lib/dashboard/failure";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { TextField } from "./field";
import { ErrorMessage } from "./error-message";

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  /** When set, the user types this name to enable the button. */
  requireText?: string;
  /** What confirming does, as a verb phrase ("delete the project"), for a failure that says what to do. */
  action?: string;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onClose,
  onConfirm,
  requireText,
  action,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const blocked = requireText !== undefined && typed !== requireText;

  const close = () => {
    setError(null);
    setTyped("");
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setTyped("");
      onClose();
    } catch (e) {
      setError(action ? failureMessage(e, action) : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={close}
      onSubmit={() => !blocked && void confirm()}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="danger" busy={busy} disabled={blocked}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-zinc-600 dark:text-zinc-400">{message}</div>
      {requireText !== undefined && (
        <TextField
          label={
            <>
              Type <strong className="font-mono">{requireText}</strong> to confirm
            </>
          }
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}
