"use client";
// The delivery log of one webhook: each event, its status and every attempt's answer.
import { Badge } from "@/components/ui/badge";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useWebhookDeliveries } from "@/lib/dashboard/hooks";

const tone = { PENDING: "amber", DELIVERED: "green", FAILED: "red", BLOCKED: "red" } as const;

export function WebhookDeliveries({ listUrl, webhookId }: { listUrl: string; webhookId: number }) {
  const { data, error } = useWebhookDeliveries(listUrl, webhookId);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Skeleton className="h-12 w-full" />;
  if (data.length === 0)
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        No changes sent yet. Tests are answered above, not logged here.
      </p>
    );
  return (
    <ul aria-label="Deliveries" className="space-y-1.5 text-sm">
      {data.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-2">
          <Badge tone={tone[delivery.status]}>{delivery.status}</Badge>
          <span className="font-mono text-xs">{delivery.event_type}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {new Date(delivery.created_at).toLocaleString()}
          </span>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {delivery.attempts
              .map((attempt) =>
                attempt.status_code !== null
                  ? `HTTP ${attempt.status_code}`
                  : delivery.status === "BLOCKED"
                    ? (attempt.error ?? "blocked")
                    : "no answer",
              )
              .join(" → ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
