"use client";
import { useState, type FormEvent } from "react";
import { useUnsavedChanges } from "@/components/ui/unsaved-changes";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { fieldErrors } from "@/lib/dashboard/fetcher";
import type { User } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function ProfileForm({ me }: { me: User }) {
  const [form, setForm] = useState({ first_name: me.first_name, last_name: me.last_name });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(form.first_name !== me.first_name || form.last_name !== me.last_name);
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await mutate(urls.me, api.patch<User>(urls.me, form), { revalidate: false });
      setSaved(true);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Profile">
      <Card className="p-4">
        <form onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              value={form.first_name}
              onChange={(e) => setForm({ ...form, first_name: e.target.value })}
              error={errors.first_name}
            />
            <TextField
              label="Last name"
              value={form.last_name}
              onChange={(e) => setForm({ ...form, last_name: e.target.value })}
              error={errors.last_name}
            />
          </div>
          {!errors.first_name && !errors.last_name && <ErrorMessage error={error} />}
          <div className="flex items-center gap-3">
            <Button type="submit" busy={busy}>
              Save profile
            </Button>
            {saved && (
              <span role="status" className="text-sm text-emerald-600 dark:text-emerald-400">
                Saved
              </span>
            )}
          </div>
        </form>
      </Card>
    </Section>
  );
}
