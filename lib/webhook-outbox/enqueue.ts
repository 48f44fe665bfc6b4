// Writing deliveries into the outbox, inside the transaction of the change they report:
// organisation webhooks get every audit entry (AUDIT_LOG_CREATED), environment webhooks
// every feature state change (FLAG_UPDATED / FLAG_DELETED), in Flagsmith's payload shapes.
// It stands below lib/audit, which every domain calls and which enqueues each entry; the
// webhooks themselves (their endpoints, the worker that sends) are in lib/webhooks.
import type { Tx } from "@/lib/db/client";
import { encodePayload } from "./signing";

export type EventType = "AUDIT_LOG_CREATED" | "FLAG_UPDATED" | "FLAG_DELETED";

type Target = { organisationId: number } | { environmentId: number };

/** Enabled webhooks of the target; the callers build the payload only when there are some. */
export function enabledWebhooks(tx: Tx, target: Target) {
  return tx.webhook.findMany({ where: { ...target, enabled: true }, select: { id: true } });
}

export async function enqueueDeliveries(
  tx: Tx,
  webhooks: { id: number }[],
  eventType: EventType,
  data: unknown,
): Promise<void> {
  if (webhooks.length === 0) return;
  const payload = encodePayload({ data, event_type: eventType });
  await tx.webhookDelivery.createMany({
    data: webhooks.map((webhook) => ({ webhookId: webhook.id, eventType, payload })),
  });
  nudgeWorker();
}

type Nudge = () => void;
const nudgeSlot = Symbol.for("ensign.webhooks.nudge");

/** Lets the worker of this process send soon after the change commits instead of at its next poll. */
export function setWorkerNudge(nudge: Nudge | undefined): void {
  (globalThis as Record<symbol, Nudge | undefined>)[nudgeSlot] = nudge;
}

function nudgeWorker(): void {
  (globalThis as Record<symbol, Nudge | undefined>)[nudgeSlot]?.();
}
