"use client";
import { useState, type FormEvent } from "react";
import { useUnsavedChanges } from "@/components/ui/unsaved-changes";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { fieldErrors } from "@/lib/dashboard/fetcher";
import { urls } from "@/lib/dashboard/urls";

const EMPTY = { current_password: "", new_password: "", re_new_password: "" };

/** Changes the password; the API ends every other session and API token of the account. */
export function PasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(Object.values(form).some((v) => v !== ""));
  const errors = fieldErrors(error);
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await api.post<null>(urls.setPassword, form);
      setForm(EMPTY);
      setSaved(true);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const shownByField = errors.current_password || errors.new_password || errors.re_new_password;
  return (
    <Section title="Password">
      <Card className="p-4">
        <form onSubmit={submit} className="space-y-4" aria-label="Change password">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            {...field("current_password")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              required
              {...field("new_password")}
            />
            <TextField
              label="New password again"
              type="password"
              autoComplete="new-password"
              required
              {...field("re_new_password")}
            />
          </div>
          {!shownByField && <ErrorMessage error={error} />}
          <div className="flex items-center gap-3">
            <Button type="submit" busy={busy}>
              Change password
            </Button>
            {saved && (
              <span role="status" className="text-sm text-emerald-600 dark:text-emerald-400">
                Password changed. Other sessions and API tokens are signed out.
              </span>
            )}
          </div>
        </form>
      </Card>
    </Section>
  );
}
