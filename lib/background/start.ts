// Work each server process does besides answering requests, started once by server/main.ts.
import { startScheduledChangeRunner } from "@/lib/scheduled/runner";
import { startWebhookWorker } from "@/lib/webhooks/worker";

export function startBackgroundJobs(): () => void {
  const stops = [startWebhookWorker(), startScheduledChangeRunner()];
  return () => stops.forEach((stop) => stop());
}
