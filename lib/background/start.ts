// Work each server process does besides answering requests, started once by server/main.ts.
import { startWebhookWorker } from "@/lib/webhooks/worker";

export function startBackgroundJobs(): () => void {
  const stops = [startWebhookWorker()];
  return () => stops.forEach((stop) => stop());
}
