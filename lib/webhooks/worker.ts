// Sends the outbox (WebhookDelivery rows). Every instance runs one worker; a delivery is
// claimed by moving its next attempt time forward with a conditional update, so when
// several instances poll one database only the one whose update matched sends it. A failed
// attempt (an error or a non-2xx answer) is retried with exponential back-off; a restart
// loses nothing, since pending deliveries are rows.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { db } from "@/lib/db/client";
import { blockedReason, BlockedAddressError, guardedLookup } from "./network";
import { setWorkerNudge } from "@/lib/webhook-outbox/enqueue";
import { SIGNATURE_HEADER, signPayload } from "@/lib/webhook-outbox/signing";

export const MAX_ATTEMPTS = 5;
const POLL_MS = 1000;
const BATCH = 20;
/** How long a claimed delivery stays invisible to other workers while it is being sent. */
const LEASE_MS = 30_000;
const TIMEOUT_MS = 10_000;

/** Seconds before attempt n+1 after n failures: 2, 4, 8, 16 (ENSIGN_WEBHOOK_BACKOFF_MS scales it for tests). */
export function backoffMs(failures: number): number {
  const base = Number(process.env.ENSIGN_WEBHOOK_BACKOFF_MS ?? 1000);
  return base * 2 ** failures;
}

type Attempt = { at: string; status_code: number | null; error: string | null; blocked?: true };

/** One POST through node:http(s), connecting only to addresses the network policy allows. */
function send(url: URL, body: string, headers: Record<string, string>): Promise<number> {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  const reason = isIP(literal) ? blockedReason(literal) : null;
  if (reason) return Promise.reject(new BlockedAddressError(reason));
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("Timed out")));
    request.on("error", reject);
    request.end(body);
  });
}

async function post(url: string, body: string, secret: string): Promise<Attempt> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret) headers[SIGNATURE_HEADER] = signPayload(body, secret);
  const at = new Date().toISOString();
  try {
    const status = await send(new URL(url), body, headers);
    const ok = status >= 200 && status < 300;
    return { at, status_code: status, error: ok ? null : `HTTP ${status}` };
  } catch (error) {
    const blocked = error instanceof BlockedAddressError;
    return { at, status_code: null, error: (error as Error).message, ...(blocked && { blocked }) };
  }
}

/** Sends one test payload synchronously (the "send test" action); nothing is stored. */
export function sendOnce(url: string, body: string, secret: string): Promise<Attempt> {
  return post(url, body, secret);
}

async function deliver(id: number): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id }, include: { webhook: true } });
  if (!delivery) return;
  const attempt = await post(delivery.webhook.url, delivery.payload, delivery.webhook.secret);
  const attempts = delivery.attempts + 1;
  const ok = attempt.error === null;
  // A blocked address is not retried: the setting, not the receiver, decides.
  const { blocked, ...logged } = attempt;
  const log = [...(JSON.parse(delivery.attemptLog) as Attempt[]), logged];
  await db.webhookDelivery.update({
    where: { id },
    data: {
      attempts,
      attemptLog: JSON.stringify(log),
      status: ok ? "DELIVERED" : blocked ? "BLOCKED" : attempts >= MAX_ATTEMPTS ? "FAILED" : "PENDING",
      deliveredAt: ok ? new Date() : null,
      nextAttemptAt: new Date(Date.now() + (ok ? 0 : backoffMs(delivery.attempts))),
    },
  });
}

/** Claims and sends the deliveries that are due; answers how many it sent. */
export async function runDueDeliveries(): Promise<number> {
  const now = new Date();
  const due = await db.webhookDelivery.findMany({
    where: { status: "PENDING", nextAttemptAt: { lte: now } },
    orderBy: { id: "asc" },
    take: BATCH,
    select: { id: true, nextAttemptAt: true },
  });
  const claimed: number[] = [];
  for (const row of due) {
    const { count } = await db.webhookDelivery.updateMany({
      where: { id: row.id, status: "PENDING", nextAttemptAt: row.nextAttemptAt },
      data: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    });
    if (count === 1) claimed.push(row.id);
  }
  await Promise.all(claimed.map(deliver));
  return claimed.length;
}

/** Starts this process's worker; answers a function that stops it. */
export function startWebhookWorker(): () => void {
  let running = false;
  let again = false;
  let stopped = false;
  const tick = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if ((await runDueDeliveries()) === BATCH) again = true;
      } while (again && !stopped);
    } catch (error) {
      console.error("[ensign] webhook delivery failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  // A change made in this process is sent as soon as its transaction has had time to commit.
  setWorkerNudge(() => setTimeout(tick, 50).unref());
  return () => {
    stopped = true;
    clearInterval(timer);
    setWorkerNudge(undefined);
  };
}
