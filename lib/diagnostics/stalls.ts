// Stall attribution for the debug metrics (GET /health/metrics/, ENSIGN_DEBUG_METRICS=1): when
// the event loop is late by more than STALL_MS, what ran in that window? Garbage collections
// (a PerformanceObserver on 'gc') and the synchronous work that declares itself with
// `timedWork` (the SQLite group commit, a snapshot compile, a flush...) are matched against
// each stall by time. Where Linux tells the main thread's own times (/proc/thread-self/schedstat,
// read at every probe), the time it was ready to run while the core ran another thread (V8's
// helper threads, a worker, another process) is "waiting for the core", counted first, and the
// time it slept in a blocking call that no declared work covers is "blocked". Elsewhere the
// process's CPU and idle time around the stall estimate both together as "off cpu". What none
// of these explain is "other" (JavaScript that declared nothing: requests, serialisation). Off,
// `timedWork` only calls its function: no clock read, no record.
//
// One recorder per process on globalThis: the server bundle and Next's route bundle load
// their own copies of this module.
import { openSync, readSync } from "node:fs";
import { PerformanceObserver, performance, constants as perfConstants } from "node:perf_hooks";

/** A late timer beyond this counts as a stall. */
export const STALL_MS = 20;
/** How often the loop is probed: a stall shorter than this may be missed. */
const PROBE_MS = 5;
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
 * The recent spans in a fixed ring of typed arrays, so that recording one allocates nothing.
 * A span object per call had to live until the stalls around it were settled, so under load
 * each one outlived two scavenges and was promoted: in a heap profile of the bench's identity
 * load, the recorder's spans were half of what filled the old space between major collections,
 * the collections whose marking the recorder is there to report. Holds the newest `capacity`
 * spans (32,768: four seconds at 8,000 spans a second), more than any stall window needs.
 */
export class SpanRing {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  /** When each span was recorded: never before its end (a GC's entry comes after the GC). */
  private readonly recordedAt: Float64Array;
  private readonly labelIds: Uint16Array;
  /** Past a thousand distinct labels, the rest share the first. */
  private readonly labels: string[] = ["(other labels)"];
  private readonly ids = new Map<string, number>([["(other labels)", 0]]);
  private next = 0;
  private count = 0;

  constructor(readonly capacity = 32_768) {
    this.starts = new Float64Array(capacity);
    this.ends = new Float64Array(capacity);
    this.recordedAt = new Float64Array(capacity);
    this.labelIds = new Uint16Array(capacity);
  }

  get length(): number {
    return this.count;
  }

  private idOf(label: string): number {
    let id = this.ids.get(label);
    if (id === undefined) {
      // Labels are names written in the code, a handful.
      if (this.labels.length >= 1_000) return 0;
      id = this.labels.push(label) - 1;
      this.ids.set(label, id);
    }
    return id;
  }

  push(label: string, start: number, end: number, recordedAt: number = end): void {
    const i = this.next;
    this.starts[i] = start;
    this.ends[i] = end;
    this.recordedAt[i] = Math.max(recordedAt, end);
    this.labelIds[i] = this.idOf(label);
    this.next = (i + 1) % this.capacity;
    if (this.count < this.capacity) this.count += 1;
  }

  /** The spans that overlap [from, to], newest first. */
  overlapping(from: number, to: number): Span[] {
    const found: Span[] = [];
    for (let k = 1; k <= this.count; k++) {
      const i = (this.next - k + this.capacity) % this.capacity;
      // Recorded before the window began, it ended before it too, and so did every older one.
      if (this.recordedAt[i] < from) break;
      if (this.ends[i] > from && this.starts[i] < to)
        found.push({ label: this.labels[this.labelIds[i]], start: this.starts[i], end: this.ends[i] });
    }
    return found;
  }
}

type Recorder = {
  spans: SpanRing;
  stalls: StallRecord[];
  byCause: Map<string, { stalls: number; ms: number }>;
  gc: Map<string, { count: number; ms: number; max_ms: number }>;
  work: Map<string, { count: number; ms: number; max_ms: number }>;
  count: number;
  totalMs: number;
  maxMs: number;
  stop: () => void;
};

// Node's kinds of GC entry (perf_hooks constants: minor 1, major 4, incremental 8, weak callbacks 16).
// Until 2026-11-28 this table read 2 as major and 4 as incremental, so every mark-compact's pause
// was reported as `gc:incremental` and incremental marking as `gc:weak`.
const GC_KINDS: Record<number, string> = {
  [perfConstants.NODE_PERFORMANCE_GC_MINOR]: "gc:minor",
  [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: "gc:major",
  [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: "gc:incremental",
  [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: "gc:weak",
};

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

/** The calling thread's time on a CPU and waiting in the run queue, in ms, as Linux counts them. */
export type ThreadTimes = { run: number; wait: number };

/**
 * A reader of the calling thread's times from /proc/thread-self/schedstat (one `pread` on a
 * descriptor kept open: ~7 µs here, against ~75 µs to open the file each time); null where
 * the file is missing or unreadable (not Linux, no schedstats).
 */
export function threadTimesReader(): (() => ThreadTimes) | null {
  let fd: number;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  const read = (): ThreadTimes => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const [run, wait] = buffer.toString("latin1", 0, length).split(" ", 2).map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  };
  try {
    const first = read();
    return Number.isFinite(first.run) && Number.isFinite(first.wait) ? read : null;
  } catch {
    return null;
  }
}

/**
 * What kept the loop from running during a stall, when the main thread's own times are known:
 * `waiting` ms ready to run while the core ran something else, `blocked` ms asleep in a call
 * (neither running nor idle in the event loop).
 */
export type NotRunning = { waiting: number; blocked: number } | { offCpu: number };

export function attributeStall(
  spans: Iterable<Span>,
  start: number,
  end: number,
  notRunning: NotRunning,
): Record<string, number> {
  const length = end - start;
  const causes: Record<string, number> = {};
  // Waiting for the core is nobody's work on this thread, whatever span it fell in.
  const waiting = "waiting" in notRunning ? Math.min(Math.max(0, notRunning.waiting), length) : 0;
  if (waiting > 1) causes["waiting for the core"] = waiting;
  const ran = length - waiting;
  const overlaps: Record<string, number> = {};
  let covered = 0;
  for (const span of spans) {
    const overlap = Math.min(end, span.end) - Math.max(start, span.start);
    if (overlap <= 0) continue;
    overlaps[span.label] = (overlaps[span.label] ?? 0) + overlap;
    covered += overlap;
  }
  // Spans measured the wall time around their work, waits included: they share what is left.
  const scale = covered > ran && covered > 0 ? ran / covered : 1;
  for (const [label, ms] of Object.entries(overlaps)) causes[label] = ms * scale;
  const uncovered = ran - covered * scale;
  // Time the thread did not run is not JavaScript's.
  const notRun =
    "waiting" in notRunning
      ? Math.min(Math.max(0, notRunning.blocked), uncovered)
      : Math.min(notRunning.offCpu, uncovered);
  if (notRun > 1) causes["waiting" in notRunning ? "blocked" : "off cpu"] = notRun;
  const other = uncovered - Math.max(0, notRun);
  if (other > 1) causes.other = other;
  return causes;
}

function attribute(recorder: Recorder, start: number, end: number, notRunning: NotRunning) {
  const causes = attributeStall(recorder.spans.overlapping(start, end), start, end, notRunning);
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

function addSpan(recorder: Recorder, label: string, start: number, end: number) {
  recorder.spans.push(label, start, end);
  tally(recorder.work, label, end - start);
}

/** Starts recording (idempotent). */
export function startStallRecorder(): void {
  if (holder[slot]) return;
  const recorder: Recorder = {
    spans: new SpanRing(),
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
      recorder.spans.push(kind, entry.startTime, entry.startTime + entry.duration, performance.now());
      tally(recorder.gc, kind, entry.duration);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  let last = performance.now();
  let lastMark = mark(last);
  // The main thread's own times at each probe, where Linux tells them (exact per window).
  const threadTimes = threadTimesReader();
  let lastThread = threadTimes?.();
  let lastIdle = performance.eventLoopUtilization().idle;
  // GC entries are delivered after the collection, sometimes after the probe that saw the
  // stall: a stall is settled one probe later, once its entries have arrived.
  let pending: { start: number; end: number; notRunning: NotRunning } | null = null;
  const probe = setInterval(() => {
    const now = performance.now();
    if (pending) {
      attribute(recorder, pending.start, pending.end, pending.notRunning);
      pending = null;
    }
    const thread = threadTimes?.();
    const idle = thread ? performance.eventLoopUtilization().idle : 0;
    if (now - last - PROBE_MS > STALL_MS) {
      let notRunning: NotRunning;
      if (thread && lastThread) {
        // Over [last, now]: the thread ran, waited for the core, idled in the loop or slept.
        const waiting = thread.wait - lastThread.wait;
        const blocked = now - last - (thread.run - lastThread.run) - waiting - (idle - lastIdle);
        notRunning = { waiting, blocked };
      } else {
        const stallMark = mark(now);
        // Estimated over the window since the last read, which holds the stall; `attribute` caps
        // it at the stall's own length.
        notRunning = { offCpu: offCpuBetween(lastMark, stallMark) };
        lastMark = stallMark;
      }
      pending = { start: last + PROBE_MS, end: now, notRunning };
    } else if (!thread && now - lastMark.at >= CPU_READ_MS) {
      lastMark = mark(now);
    }
    lastThread = thread;
    lastIdle = idle;
    last = now;
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
    addSpan(recorder, label, start, performance.now());
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
