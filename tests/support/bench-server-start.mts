// Benchmark (not a test): what one API test server's start costs on a new database, migrated
// at start (an empty database, as before) or copied from a migrated template (as the API
// run now makes them). Prints wall time and CPU time (harness + server until ready) per start.
//   npm run build && TEST_DATABASE=sqlite|postgres npx tsx tests/support/bench-server-start.mts [rounds]
import { readFileSync } from "node:fs";
import { createTemplateDatabase, createTestDatabase, type Template } from "./database";
import { startEnsign } from "./server";

const rounds = Number(process.argv[2] ?? 3);
const ticks = 100; // USER_HZ on Linux

/** utime + stime of a process in ms, from /proc (the server is still running). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

async function once(template: Template | undefined) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const database = await createTestDatabase(template);
  const server = await startEnsign({ databaseUrl: database.url });
  const serverCpu = processCpuMs(server.process.pid!);
  const used = process.cpuUsage(cpu);
  const result = {
    wallMs: Math.round(performance.now() - wall),
    cpuMs: Math.round(serverCpu + (used.user + used.system) / 1000),
  };
  await server.stop();
  await database.drop();
  return result;
}

const template = await createTemplateDatabase();
try {
  for (const [label, from] of [
    ["empty, migrated at start", undefined],
    ["copy of the template", { url: template.url }],
  ] as const) {
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await once(from));
    const mean = (k: "wallMs" | "cpuMs") => Math.round(runs.reduce((s, r) => s + r[k], 0) / runs.length);
    console.log(
      `${process.env.TEST_DATABASE ?? "sqlite"}, ${label}: wall ${runs.map((r) => r.wallMs).join(", ")} ms (mean ${mean("wallMs")}); ` +
        `CPU ${runs.map((r) => r.cpuMs).join(", ")} ms (mean ${mean("cpuMs")})`,
    );
  }
} finally {
  await template.drop();
}
