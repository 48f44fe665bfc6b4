// Stall attribution for the debug metrics (GET /health/metrics/, ENSIGN_DEBUG_METRICS=1): when
// the event loop is late by more than STALL_MS, what ran in that window? Garbage collections
// (a PerformanceObserver on 'gc') and the synchronous work that declares itself with
// `timedWork` (the SQLite group commit, a snapshot compile, a flush...) are matched against
// each stall by time. The process's CPU and idle time around the stall tell how much of it the
// process was ready but did not run ("off cpu": the OS ran something else on its core, or a
// blocking call slept); what none of these explain is "other" (JavaScript that declared nothing: requests,
// serialisation). Off, `timedWork` only calls its function: no clock read, no record.
//
// One recorder per process on globalThis: the server bundle and Next's route bundle load
// their own copies of this module.
import { PerformanceObserver, performance } from "node:perf_hooks";

/** A late timer beyond this counts as a stall. */
export const STALL_MS = 20;
/** How often the loop is probed: a stall shorter than this may be missed. */
const PROBE_MS = 5;
/** Recent work spans and GCs kept to attribute a stall (a stall older than this is settled). */
const KEEP_MS = 5_000;
const LAST_STALLS = 20;

type Span = { label: string; start: number; end: number };

export type StallRecord = {
  /** When the stall was seen, ms since the process started. */
  at_ms: number;
  delay_ms: number;
  /** Milliseconds of the stall window covered by each cause. */
  causes: Record<string, number>;
};

export type StallSummary = {
  threshold_ms: number;
  count: number;
  total_ms: number;
  max_ms: number;
  /** Per cause: in how many stalls it ran, and its ms inside stall windows. */
  by_cause: Record<string, { stalls: number; ms: number }>;
  /** Garbage collections by kind over the whole time (not only during stalls). */
  gc: Record<string, { count: number; ms: number; max_ms: number }>;
  /** Declared work over the whole time, on or off the loop. */
  work: Record<string, { count: number; ms: number; max_ms: number }>;
  last: StallRecord[];
};

/**
 * The recent spans, oldest first, from `head` on. Dropping the old ones moves `head`; the array
 * is cut only once the dropped part is its larger half. `Array.prototype.shift` copied the whole
 * array on each call once it outgrew V8's regular objects (~16,000 spans, 3 s of identity
 * calls at 5,000 a second): it took a tenth of the server's CPU under load.
 */
export type SpanLog = { items: Span[]; head: number };

export function dropSpansBefore(log: SpanLog, horizon: number): void {
  const { items } = log;
  while (log.head < items.length && items[log.head].end < horizon) log.head += 1;
  if (log.head > 1024 && log.head * 2 > items.length) {
    log.items = items.slice(log.head);
    log.head = 0;
  }
}

type Recorder = {
  spans: SpanLog;
  stalls: StallRecord[];
  byCause: Map<string, { stalls: number; ms: number }>;
  gc: Map<string, { count: number; ms: number; max_ms: number }>;
  work: Map<string, { count: number; ms: number; max_ms: number }>;
  count: number;
  totalMs: number;
  maxMs: number;
  stop: () => void;
};

const GC_KINDS: Record<number, string> = { 1: "gc:minor", 2: "gc:major", 4: "gc:incremental", 8: "gc:weak" };

const slot = Symbol.for("ensign.diagnostics.stalls");
const holder = globalThis as unknown as Record<symbol, Recorder | undefined>;

const round = (ms: number) => Math.round(ms * 10) / 10;

function tally(map: Recorder["gc"], label: string, ms: number) {
  const entry = map.get(label) ?? { count: 0, ms: 0, max_ms: 0 };
  entry.count += 1;
  entry.ms += ms;
  entry.max_ms = Math.max(entry.max_ms, ms);
  map.set(label, entry);
}

/**
 * How often the process's CPU time is read. Reading it (getrusage) cost 250-370 µs per call in the
 * bench's server on this machine, 15% of its CPU at one read per probe, so it is read this often
 * and at each stall; the stall's share off cpu is then estimated over the longer window.
 */
const CPU_READ_MS = 500;

/** Where the process stood at one moment: its clock, CPU time and event-loop idle time, in ms. */
type Mark = { at: number; cpu: number; idle: number };

function mark(at: number): Mark {
  const { user, system } = process.cpuUsage();
  return { at, cpu: (user + system) / 1000, idle: performance.eventLoopUtilization().idle };
}

/**
 * Of the time between two marks, how long the process neither ran nor waited idle for I/O: it
 * was ready and the OS ran something else on its core (or a blocking call slept). The threads of
 * the process (GC helpers, workers) count as running, so this errs low.
 */
const offCpuBetween = (from: Mark, to: Mark) => to.at - from.at - (to.idle - from.idle) - (to.cpu - from.cpu);

function attribute(recorder: Recorder, start: number, end: number, offCpu: number) {
  const causes: Record<string, number> = {};
  let covered = 0;
  const { items, head } = recorder.spans;
  for (let i = head; i < items.length; i++) {
    const span = items[i];
    const overlap = Math.min(end, span.end) - Math.max(start, span.start);
    if (overlap <= 0) continue;
    causes[span.label] = (causes[span.label] ?? 0) + overlap;
    covered += overlap;
  }
  // Time the process did not run is not JavaScript's.
  const notRun = Math.min(offCpu, end - start - covered);
  if (notRun > 1) causes["off cpu"] = notRun;
  const other = end - start - covered - Math.max(0, notRun);
  if (other > 1) causes.other = other;
  const record: StallRecord = {
    at_ms: Math.round(end),
    delay_ms: round(end - start),
    causes: Object.fromEntries(Object.entries(causes).map(([k, v]) => [k, round(v)])),
  };
  recorder.count += 1;
  recorder.totalMs += end - start;
  recorder.maxMs = Math.max(recorder.maxMs, end - start);
  for (const [label, ms] of Object.entries(causes)) {
    const entry = recorder.byCause.get(label) ?? { stalls: 0, ms: 0 };
    entry.stalls += 1;
    entry.ms += ms;
    recorder.byCause.set(label, entry);
  }
  recorder.stalls.push(record);
  if (recorder.stalls.length > LAST_STALLS) recorder.stalls.shift();
}

function addSpan(recorder: Recorder, span: Span) {
  recorder.spans.items.push(span);
  tally(recorder.work, span.label, span.end - span.start);
}

/** Starts recording (idempotent). */
export function startStallRecorder(): void {
  if (holder[slot]) return;
  const recorder: Recorder = {
    spans: { items: [], head: 0 },
    stalls: [],
    byCause: new Map(),
    gc: new Map(),
    work: new Map(),
    count: 0,
    totalMs: 0,
    maxMs: 0,
    stop: () => undefined,
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      const kind = GC_KINDS[detail?.kind ?? 0] ?? "gc:other";
      recorder.spans.items.push({
        label: kind,
        start: entry.startTime,
        end: entry.startTime + entry.duration,
      });
      tally(recorder.gc, kind, entry.duration);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  let last = performance.now();
  let lastMark = mark(last);
  // GC entries are delivered after the collection, sometimes after the probe that saw the
  // stall: a stall is settled one probe later, once its entries have arrived.
  let pending: { start: number; end: number; offCpu: number } | null = null;
  const probe = setInterval(() => {
    const now = performance.now();
    if (pending) {
      attribute(recorder, pending.start, pending.end, pending.offCpu);
      pending = null;
    }
    if (now - last - PROBE_MS > STALL_MS) {
      const stallMark = mark(now);
      // Estimated over the window since the last read, which holds the stall; `attribute` caps
      // it at the stall's own length.
      pending = { start: last + PROBE_MS, end: now, offCpu: offCpuBetween(lastMark, stallMark) };
      lastMark = stallMark;
    } else if (now - lastMark.at >= CPU_READ_MS) {
      lastMark = mark(now);
    }
    last = now;
    dropSpansBefore(recorder.spans, now - KEEP_MS);
  }, PROBE_MS);
  probe.unref();
  recorder.stop = () => {
    clearInterval(probe);
    observer.disconnect();
  };
  holder[slot] = recorder;
}

export function stallRecorderRunning(): boolean {
  return holder[slot] !== undefined;
}

/** Runs `work`; while recording, its time on the loop counts as `label`. */
export function timedWork<T>(label: string, work: () => T): T {
  const recorder = holder[slot];
  if (!recorder) return work();
  const start = performance.now();
  try {
    return work();
  } finally {
    addSpan(recorder, { label, start, end: performance.now() });
  }
}

/** Records work measured elsewhere (off the loop: a worker's checkpoint) in the work totals only. */
export function recordOffLoopWork(label: string, ms: number): void {
  const recorder = holder[slot];
  if (recorder) tally(recorder.work, label, ms);
}

const asObject = <V extends object>(map: Map<string, V>, fix: (v: V) => V) =>
  Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, fix(v)]));

/** Everything recorded since start (null when not recording). */
export function stallSummary(): StallSummary | null {
  const recorder = holder[slot];
  if (!recorder) return null;
  const totals = (v: { count: number; ms: number; max_ms: number }) => ({
    count: v.count,
    ms: round(v.ms),
    max_ms: round(v.max_ms),
  });
  return {
    threshold_ms: STALL_MS,
    count: recorder.count,
    total_ms: round(recorder.totalMs),
    max_ms: round(recorder.maxMs),
    by_cause: asObject(recorder.byCause, (v) => ({ stalls: v.stalls, ms: round(v.ms) })),
    gc: asObject(recorder.gc, totals),
    work: asObject(recorder.work, totals),
    last: [...recorder.stalls],
  };
}
