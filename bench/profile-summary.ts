// Summarises a V8 CPU profile (`.cpuprofile`, as `--ensign-cpu-prof=<dir>` writes): the top
// functions by self time, and busy time by part of the request, each sample counted under the
// innermost frame of its stack that a rule below names (so a Prisma or SQLite call made by the
// identity store counts as the store's). Idle time is left out of the shares.
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top=30] [--from=<s>] [--to=<s>]
// --part=<words> lists the top functions of that part only. --from/--to keep the samples in that window (seconds from the profile's start; a timeline of
// busy time per 5 s is printed to choose it, e.g. to leave out the bench's seeding).
// --streaks=<ms> lists the longest runs of busy samples (no idle sample between) of at least that
// length in the window, each with its top functions by self time and the innermost frame of ours
// under each: what held the event loop in a stall.
import { readFileSync } from "node:fs";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Parts of a request, tested innermost frame first; the first rule a frame matches wins. */
const PARTS: [string, (f: Frame) => boolean][] = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  [
    "trait persistence (SQLite statements, group commit)",
    (f) =>
      /^(runCallsOnSqlite|runCallsOnPostgres|runCalls|exclusive|runLocked|planTraitWrites|drain|runBatch|takeBatch)$/.test(
        f.functionName,
      ),
  ],
  [
    "evaluation (engine)",
    (f) =>
      /^(rememberedMatches|getIdentitySegments|segmentWinners|compiledFlagsFor|compileFlags|chooseMultivariateValue|visitIdentityStates|evaluateIdentityFlags|evaluateSegment|segmentMatches|ruleMatches|conditionMatches|matchesCondition|percentageSplit|hashedPercentage|getHashedPercentageForObjIds)$/.test(
        f.functionName,
      ),
  ],
  [
    "serialisation (answer JSON)",
    (f) =>
      /^(traitsJson|flagJson|serializeResolvedFlag|respondWithIdentity|traitValueJson)$/.test(f.functionName),
  ],
  [
    "validation (body parse rules)",
    (f) =>
      /^(parseIdentifyBody|parseTraits|parseTrait|parseTraitValue|parseString|parseBoolean|tooManyTraits|storeTraitValue)$/.test(
        f.functionName,
      ),
  ],
  ["JSON parse", (f) => /^(parse|parseJsonBody|parseJson|isJsonFloat)$/.test(f.functionName)],
  [
    "response write (socket)",
    (f) =>
      /^(writev|writeGeneric|writevGeneric|_writeRaw|_send|end|write|writeHead|_storeHeader|processHeader|send)$/.test(
        f.functionName,
      ) || /_http_outgoing|stream_base_commons/.test(f.url),
  ],
  [
    "HTTP parse and request set-up",
    (f) =>
      /_http_server|_http_common|_http_incoming/.test(f.url) ||
      /^(parserOnHeadersComplete|parserOnIncoming|parserOnBody|parserOnMessageComplete|execute|onParserExecute)$/.test(
        f.functionName,
      ),
  ],
  [
    "body limits (server/request-body)",
    (f) => /^(limitRequestBody|receiveBody|onData|onEnd|stop|release)$/.test(f.functionName),
  ],
  // timedWork (the stall recorder's span) is not a part of its own: what it times counts where it is called.
  ["metrics and stall probes", (f) => /perf_hooks/.test(f.url) || f.functionName === "probe"],
  [
    "timers and nextTick",
    (f) => /internal\/timers|task_queues/.test(f.url) || f.functionName === "processTimers",
  ],
];

const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top=30]");
  process.exit(2);
}
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const top = Number(option("top") ?? 30);
const onlyPart = option("part");
const from = Number(option("from") ?? 0) * 1e6;
const to = Number(option("to") ?? Infinity) * 1e6;
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
const timeline = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (byId.get(id)!.callFrame.functionName !== "(idle)") {
    const slot = Math.floor(at / 5e6) * 5;
    timeline.set(slot, (timeline.get(slot) ?? 0) + delta);
  }
  if (at >= from && at < to) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});
console.log("busy ms per 5 s from the start:");
console.log([...timeline].map(([s, us]) => `${s}s:${Math.round(us / 1000)}`).join(" "));

const partOf = new Map<number, string>();
function part(id: number): string {
  const known = partOf.get(id);
  if (known) return known;
  const frame = byId.get(id)!.callFrame;
  const rule = PARTS.find(([, test]) => test(frame));
  const up = parent.get(id);
  const found = rule ? rule[0] : up === undefined ? "other" : part(up);
  partOf.set(id, found);
  return found;
}

const IDLE = new Set(["(idle)", "(program)", "(root)"]);
let busy = 0;
let idle = 0;
const byFunction = new Map<string, number>();
const byPart = new Map<string, number>();
for (const [id, us] of selfUs) {
  const f = byId.get(id)!.callFrame;
  if (f.functionName === "(idle)") {
    idle += us;
    continue;
  }
  busy += us;
  const name = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`;
  const p = IDLE.has(f.functionName) ? f.functionName : part(id);
  if (onlyPart && !p.includes(onlyPart)) continue;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  byPart.set(p, (byPart.get(p) ?? 0) + us);
}

const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
console.log(`busy ${ms(busy)}, idle ${ms(idle)}`);
console.log("\nby part of the request (share of busy time):");
for (const [p, us] of [...byPart].sort((a, b) => b[1] - a[1])) console.log(`${pct(us)} ${ms(us)}  ${p}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)} ${ms(us)}  ${name}`);

const streakMs = option("streaks");
if (streakMs !== undefined) {
  // Runs of consecutive busy samples within the window.
  type Streak = { start: number; us: number; samples: { id: number; us: number }[] };
  const streaks: Streak[] = [];
  let current: Streak | null = null;
  let t = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < from || t >= to) return;
    if (byId.get(id)!.callFrame.functionName === "(idle)") {
      if (current && current.us >= Number(streakMs) * 1000) streaks.push(current);
      current = null;
      return;
    }
    current ??= { start: t, us: 0, samples: [] };
    current.us += delta;
    current.samples.push({ id, us: delta });
  });
  /** The first frame up the stack from a sample that is the project's own code (server.mjs). */
  const oursOf = (id: number): string => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      if (/server\.mjs$/.test(f.url)) return `${f.functionName || "(anonymous)"}:${f.lineNumber + 1}`;
    }
    return "(none of ours)";
  };
  console.log(`\nlongest busy streaks of at least ${streakMs} ms:`);
  for (const streak of streaks.sort((a, b) => b.us - a.us).slice(0, 8)) {
    console.log(`- at ${(streak.start / 1e6).toFixed(2)} s: ${(streak.us / 1000).toFixed(1)} ms`);
    const byName = new Map<string, number>();
    for (const { id, us } of streak.samples) {
      const f = byId.get(id)!.callFrame;
      const name = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1} <- ${oursOf(id)}`;
      byName.set(name, (byName.get(name) ?? 0) + us);
    }
    for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6))
      console.log(`    ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  }
}
