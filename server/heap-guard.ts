// The heap guard: past a share of V8's heap limit the server refuses new work with a 503 and
// Retry-After instead of running out of memory and dying, so the requests already in progress
// can finish and their memory be collected. Health checks still answer (a supervisor should
// not restart a process that is only busy). Heap statistics are sampled at most every
// SAMPLE_MS, not per request: between samples every request reads one cached boolean.
import type { ServerResponse } from "node:http";
import { getHeapStatistics } from "node:v8";
import { sendJson } from "./respond";

export const SAMPLE_MS = 10;
export const RETRY_AFTER_SECONDS = 5;
export const SHORT_OF_MEMORY_DETAIL = "The server is short of memory: try again shortly.";

type HeapStatistics = { used_heap_size: number; heap_size_limit: number };

export type HeapGuardOptions = {
  /** Heap in use past which requests are refused, in percent of the heap limit; 0: never. */
  percent: number;
  statistics?: () => HeapStatistics;
  now?: () => number;
};

/** A check that answers whether the heap is too full to take on new work. */
export function createHeapGuard({
  percent,
  statistics = getHeapStatistics,
  now = () => performance.now(),
}: HeapGuardOptions): () => boolean {
  if (percent === 0) return () => false;
  let sampledAt = -Infinity;
  let isShort = false;
  return () => {
    const time = now();
    if (time - sampledAt < SAMPLE_MS) return isShort;
    sampledAt = time;
    const { used_heap_size, heap_size_limit } = statistics();
    isShort = used_heap_size * 100 >= heap_size_limit * percent;
    return isShort;
  };
}

/** Whether a (canonical) path is a health check, answered however full the heap is. */
export function isHealthPath(path: string): boolean {
  return path === "/health" || path.startsWith("/health/") || path.startsWith("/health?");
}

/** 503 with a JSON detail and Retry-After. */
export function sendShortOfMemory(res: ServerResponse): void {
  // An unread body is never read: the connection closes after the answer.
  sendJson(
    res,
    503,
    { detail: SHORT_OF_MEMORY_DETAIL },
    { "Retry-After": String(RETRY_AFTER_SECONDS), Connection: "close" },
  );
}
