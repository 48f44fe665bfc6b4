import type { z } from "zod";
import type { ZImportRun } from "./responses";

type RunRow = {
  id: number;
  kind: string;
  source: string;
  status: string;
  stepsDone: number;
  stepsTotal: number;
  report: string;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function serializeRun(run: RunRow): z.infer<typeof ZImportRun> {
  let report: Record<string, unknown> = {};
  try {
    report = JSON.parse(run.report) as Record<string, unknown>;
  } catch {
    // an unreadable report shows as empty
  }
  return {
    id: run.id,
    kind: run.kind as "IMPORT" | "VERIFY",
    source: run.source,
    status: run.status as "RUNNING" | "DONE" | "FAILED" | "INTERRUPTED",
    steps_done: run.stepsDone,
    steps_total: run.stepsTotal,
    report,
    error: run.error,
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
  };
}
