"use client";
// Webhooks of an environment (feature state changes) or an organisation (audit log
// entries): add, enable or disable, send a test, read the delivery log, delete.
import { useState, type FormEvent } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { inputClass } from "@/components/ui/field";
import { ListSkeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useWebhooks } from "@/lib/dashboard/hooks";
import type { Webhook } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { WebhookDeliveries } from "./webhook-deliveries";

type Scope = "environment" | "organisation";

function WebhookRow({ webhook, listUrl, scope }: { webhook: Webhook; listUrl: string; scope: Scope }) {
  const [showLog, setShowLog] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const one = `${listUrl}${webhook.id}/`;
  const toast = useToast();
  const sendTest = async () => {
    setResult("Sending…");
    try {
      const answer = await api.post<{ detail: string }>(urls.webhookTest, {
        webhook_url: webhook.url,
        scope: { type: scope },
        secret: webhook.secret || null,
      });
      setResult(answer.detail);
    } catch (error) {
      setResult(errorMessage(error));
    }
  };
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 flex-1 truncate font-mono text-sm">{webhook.url}</span>
        <Switch
          label={`Send to ${webhook.url}`}
          checked={webhook.enabled}
          onChange={async (enabled) => {
            await api.patch(one, { enabled });
            await mutate(listUrl);
            toast({ message: `${enabled ? "Sending" : "Not sending"} to ${webhook.url}.` });
          }}
        />
        <Button size="sm" onClick={sendTest}>
          Send test
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
          onClick={async () => {
            await api.delete(one);
            await mutate(listUrl);
            toast({ message: `Deleted the webhook ${webhook.url}.` });
          }}
        >
          Delete
        </Button>
      </div>
      {result && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {result}
        </p>
      )}
      {showLog && <WebhookDeliveries listUrl={listUrl} webhookId={webhook.id} />}
    </li>
  );
}

export function WebhooksPanel({ listUrl, scope }: { listUrl: string; scope: Scope }) {
  const { data, error } = useWebhooks(listUrl);
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const toast = useToast();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    try {
      await api.post(listUrl, { url, secret: secret || null });
      setUrl("");
      setSecret("");
      await mutate(listUrl);
      toast({ message: `Added the webhook ${url}.` });
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };
  return (
    <Section
      title="Webhooks"
      description={
        scope === "environment"
          ? "Called with every feature state change in this environment (FLAG_UPDATED, FLAG_DELETED)."
          : "Called with every audit log entry of the organisation (AUDIT_LOG_CREATED)."
      }
    >
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <input
          aria-label="Webhook URL"
          placeholder="https://example.com/hooks/flags"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          className={`${inputClass} max-w-md`}
        />
        <input
          aria-label="Webhook secret"
          placeholder="Secret (optional)"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          className={`${inputClass} max-w-52`}
        />
        <Button type="submit" variant="primary">
          Add webhook
        </Button>
      </form>
      <ErrorMessage message={formError} error={error} />
      {!data && !error && (
        <Card>
          <ListSkeleton rows={1} />
        </Card>
      )}
      {data?.length === 0 && <EmptyState title="No webhooks">Add a URL to be told about changes.</EmptyState>}
      {data && data.length > 0 && (
        <Card>
          <ul aria-label="Webhooks" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {data.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} listUrl={listUrl} scope={scope} />
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}
