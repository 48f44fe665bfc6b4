"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import type { Environment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Setting = {
  field: "hide_disabled_flags" | "allow_client_traits" | "hide_sensitive_data" | "is_protected";
  title: string;
  description: string;
};

const PROTECTION: Setting = {
  field: "is_protected",
  title: "Protected environment",
  description:
    "Every change made in the dashboard here (turning a flag on or off, editing a value, segment and identity overrides, deleting) asks for confirmation first. SDKs and API calls are not affected.",
};

const SDK_SETTINGS: Setting[] = [
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
  return (
    <>
      <SettingsSection
        environment={environment}
        title="Protection"
        description="For environments real users depend on, such as Production."
        settings={[PROTECTION]}
      />
      <SettingsSection
        environment={environment}
        title="SDK behaviour"
        description="Changes reach SDKs on their next request."
        settings={SDK_SETTINGS}
      />
    </>
  );
}

function SettingsSection({
  environment,
  title,
  description,
  settings,
}: {
  environment: Environment;
  title: string;
  description: string;
  settings: Setting[];
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const key = urls.environment(environment.api_key);

  const toggle = async (setting: Setting, next: boolean) => {
    setBusy(setting.field);
    setError(null);
    try {
      await api.patch<Environment>(key, { [setting.field]: next });
      // The dashboard reads an environment from its project's list (and on its own past that list).
      await Promise.all([mutate(key), mutate(urls.environments(environment.project))]);
      toast({ message: `${setting.title}: ${next ? "on" : "off"} in ${environment.name}.` });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={title} description={description}>
      <ErrorMessage error={error} />
      <Card className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {settings.map((setting) => (
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
