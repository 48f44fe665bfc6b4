"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Switch } from "@/components/ui/switch";
import { api } from "@/lib/dashboard/api-client";
import type { Environment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Setting = {
  field: "hide_disabled_flags" | "allow_client_traits" | "hide_sensitive_data";
  title: string;
  description: string;
};

const SETTINGS: Setting[] = [
  {
    field: "hide_disabled_flags",
    title: "Hide disabled flags",
    description: "SDKs do not receive flags that are off, so clients cannot tell they exist.",
  },
  {
    field: "allow_client_traits",
    title: "Allow client-side traits",
    description: "Client keys may set identity traits. Turn off to accept traits only from server-side keys.",
  },
  {
    field: "hide_sensitive_data",
    title: "Hide sensitive data",
    description: "SDK answers leave out ids, descriptions and traits.",
  },
];

export function EnvironmentToggles({ environment }: { environment: Environment }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const key = urls.environment(environment.api_key);

  const toggle = async (setting: Setting, next: boolean) => {
    setBusy(setting.field);
    setError(null);
    try {
      await mutate(key, api.patch<Environment>(key, { [setting.field]: next }), {
        optimisticData: { ...environment, [setting.field]: next },
        rollbackOnError: true,
        revalidate: false,
      });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="SDK behaviour" description="Changes reach SDKs on their next request.">
      <ErrorMessage error={error} />
      <Card className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {SETTINGS.map((setting) => (
          <div key={setting.field} className="flex items-center justify-between gap-6 p-4">
            <div>
              <h3 className="text-sm font-medium">{setting.title}</h3>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{setting.description}</p>
            </div>
            <Switch
              label={setting.title}
              checked={Boolean(environment[setting.field])}
              busy={busy === setting.field}
              onChange={(next) => void toggle(setting, next)}
            />
          </div>
        ))}
      </Card>
    </Section>
  );
}
