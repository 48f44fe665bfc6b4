// Another tenant's SDK traffic while the attack runs: GET /api/v1/flags/ in a loop, one at a
// time, timing each answer. The figures are reported per phase, not asserted: on a shared
// 2-core machine a time bound would fail for reasons that are not ours.
import type { Answer } from "./answers";
import { sendRaw, sleep } from "./raw-http";

type Sample = { phase: string; ms: number; status: number };

export type FlagsProbe = {
  /** Later samples belong to this phase. */
  phase: (name: string) => void;
  stop: () => Promise<string>;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function startFlagsProbe(options: {
  baseUrl: () => string;
  envKey: string;
  /** Called with every answer, to hold it to the same rules as the attack's. */
  onAnswer: (answer: Answer, path: string) => void;
}): FlagsProbe {
  const samples: Sample[] = [];
  let phase = "setup";
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await sendRaw(
        options.baseUrl(),
        { method: "GET", path: "/api/v1/flags/", headers: { "X-Environment-Key": options.envKey } },
        30_000,
      );
      samples.push({ phase, ms: performance.now() - started, status: answer.status });
      options.onAnswer(answer, "/api/v1/flags/");
      await sleep(answer.status === 0 ? 500 : 20);
    }
  })();
  return {
    phase: (name) => (phase = name),
    stop: async () => {
      running = false;
      await loop;
      const lines: string[] = [];
      const phases = [...new Set(samples.map((s) => s.phase)), "(whole run)"];
      for (const name of phases) {
        const own = name === "(whole run)" ? samples : samples.filter((s) => s.phase === name);
        const ms = own.map((s) => s.ms).sort((a, b) => a - b);
        const statuses = [...new Set(own.map((s) => s.status))].sort().join(",");
        lines.push(
          `${name.padEnd(28)} n=${String(own.length).padStart(5)}  p50=${percentile(ms, 0.5).toFixed(1)} ms  ` +
            `p99=${percentile(ms, 0.99).toFixed(1)} ms  max=${percentile(ms, 1).toFixed(1)} ms  statuses=${statuses}`,
        );
      }
      return lines.join("\n");
    },
  };
}
