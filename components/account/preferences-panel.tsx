"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Switch } from "@/components/ui/switch";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { api } from "@/lib/dashboard/api-client";
import type { User } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function PreferencesPanel({ me }: { me: User }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const setJsonView = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await mutate(urls.me, api.patch<User>(urls.me, { json_view: next }), {
        optimisticData: { ...me, json_view: next },
        rollbackOnError: true,
        revalidate: false,
      });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Preferences">
      <ErrorMessage error={error} />
      <Card className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <div className="flex items-center justify-between gap-6 p-4">
          <div>
            <h3 className="text-sm font-medium">JSON view</h3>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Show every object&apos;s numeric id, uuid and keys, and its JSON as the API returns it — handy
              when scripting against the API.
            </p>
          </div>
          <Switch
            label="JSON view"
            checked={me.json_view}
            busy={busy}
            onChange={(next) => void setJsonView(next)}
          />
        </div>
        <div className="flex items-center justify-between gap-6 p-4">
          <div>
            <h3 className="text-sm font-medium">Theme</h3>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Saved in this browser.</p>
          </div>
          <ThemeToggle />
        </div>
      </Card>
    </Section>
  );
}
