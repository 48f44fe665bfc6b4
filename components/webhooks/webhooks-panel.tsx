"use client";
// Webhooks of an environment (feature state changes) or an organisation (audit log
// entries): add, enable or disable, send a test, read the delivery log, delete.
import { useId, useState, type FormEvent } from "react";
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
import { failureMessage, fieldFailures } from "@/lib/dashboard/failure";
import { useWebhooks } from "@/lib/dashboard/hooks";
import type { Webhook } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { WebhookDeliveries } from "./webhook-deliveries";

type Scope = "environment" | "organisation";

function WebhookRow({ webhook, listUrl, scope }: { webhook: Webhook; listUrl: string; scope: Scope }) {
  const [showLog, setShowLog] = useState(false);
  const [result, setResult] = useState<{ text: string; isFailure: boolean } | null>(null);
  const one = `${listUrl}${webhook.id}/`;
  const toast = useToast();
  const sendTest = async () => {
    setResult({ text: "Sending…", isFailure: false });
    try {
      const answer = await api.post<{ detail: string; delivered?: boolean }>(urls.webhookTest, {
        webhook_url: webhook.url,
        scope: { type: scope },
        secret: webhook.secret || null,
      });
      // One line that says what happened and what to check; tests never appear under Deliveries.
      setResult(
        answer.delivered === false
          ? {
              text: `The test was not delivered: ${webhook.url} did not answer with a 2xx status. Check the address and that the receiver is running.`,
              isFailure: true,
            }
          : { text: answer.detail, isFailure: false },
      );
    } catch (error) {
      const said = fieldFailures(error, ["webhook_url"])?.webhook_url;
      setResult({
        text: said
          ? `Could not send a test: ${said}`
          : failureMessage(error, `send a test to ${webhook.url}`),
        isFailure: true,
      });
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
        <p
          role="status"
          className={`text-sm ${result.isFailure ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {result.text}
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
  const [urlError, setUrlError] = useState<string | null>(null);
  const urlNoteId = useId();
  const toast = useToast();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setUrlError(null);
    if (!url.trim()) return setUrlError("Enter the URL to send changes to.");
    try {
      await api.post(listUrl, { url, secret: secret || null });
      setUrl("");
      setSecret("");
      await mutate(listUrl);
      toast({ message: `Added the webhook ${url}.` });
    } catch (e) {
      const fields = fieldFailures(e, ["url"]);
      if (fields?.url) setUrlError(fields.url);
      else setFormError(failureMessage(e, `add the webhook ${url}`));
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
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? urlNoteId : undefined}
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
        {urlError && (
          <p id={urlNoteId} role="alert" className="basis-full text-xs text-red-600 dark:text-red-400">
            {urlError}
          </p>
        )}
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
