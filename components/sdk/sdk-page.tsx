"use client";
// "Connect an SDK": set-up code for each SDK with this environment's client key, the server
// key the user creates here (shown once, as on the settings page) or a placeholder, and the
// address this dashboard is served from.
import Link from "next/link";
import { useEffect, useState } from "react";
import { mutate } from "swr";
import { NameDialog } from "@/components/common/name-dialog";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { useEnvironment } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { buildSnippets, SERVER_KEY_PLACEHOLDER } from "@/lib/dashboard/sdk-snippets";
import type { ServerKey } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { SnippetCard } from "./snippet-card";

type SdkPageProps = { projectId: number; environmentKey: string };

export function SdkPage({ projectId, environmentKey }: SdkPageProps) {
  const { data: environment } = useEnvironment(environmentKey);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [serverKey, setServerKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  // The origin is only known in the browser.
  useEffect(() => setBaseUrl(window.location.origin), []);

  const createServerKey = async (name: string) => {
    const key = await api.post<ServerKey>(urls.serverKeys(environmentKey), { name });
    await mutate(urls.serverKeys(environmentKey));
    setServerKey(key.key);
  };

  const snippets = baseUrl ? buildSnippets({ baseUrl, clientKey: environmentKey, serverKey }) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Connect an SDK"
        description={
          <>
            Set-up code for {environment?.name ?? "this environment"}, ready to paste. Every endpoint, with a
            way to try it, is in the{" "}
            <a href={paths.apiDocs} className="text-indigo-700 underline dark:text-indigo-300">
              API documentation
            </a>
            .
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Client-side key</p>
          <CopyField value={environmentKey} label="client key" testId="sdk-client-key" />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Safe in browsers and apps.</p>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Server-side key</p>
          {serverKey ? (
            <>
              <CopyField value={serverKey} label="server key" testId="sdk-server-key" />
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Shown only now: store it in your service&apos;s secrets.
              </p>
            </>
          ) : (
            <>
              <Button size="sm" onClick={() => setCreating(true)}>
                Create a server key for these snippets
              </Button>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Server snippets show <code className="font-mono">{SERVER_KEY_PLACEHOLDER}</code> until you
                create one; existing keys are listed in{" "}
                <Link
                  href={paths.settings(projectId, environmentKey)}
                  className="text-indigo-700 underline dark:text-indigo-300"
                >
                  settings
                </Link>
                .
              </p>
            </>
          )}
        </div>
      </div>
      {snippets ? (
        <div className="space-y-4">
          {snippets.map((snippet) => (
            <SnippetCard key={snippet.id} snippet={snippet} />
          ))}
        </div>
      ) : (
        <ListSkeleton rows={3} />
      )}
      <NameDialog
        open={creating}
        title="New server-side key"
        label="Key name"
        placeholder="Checkout service"
        submitLabel="Create key"
        onClose={() => setCreating(false)}
        onSubmit={createServerKey}
      />
    </div>
  );
}
