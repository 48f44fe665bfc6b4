// Starts the API test run's production Ensign servers, one per vitest worker, each on its own
// fresh database: TEST_DATABASE=postgres gives each a new PostgreSQL database (created and
// dropped here), otherwise a new SQLite file. Every database of the run, these and the ones
// test files make, is a copy of one template migrated here first (tests/support/database.ts).
// A worker runs one test file at a time, so a server still sees a single file at a time, as
// when the suite ran in one process; each test file also seeds its own uniquely named users
// and organisations. tests/support/worker-server.ts hands each worker its own server through
// `inject("baseUrl")` and `inject("databaseUrl")`.
import { createServer, type Server } from "node:http";
import type { TestProject } from "vitest/node";
import { startEnsign, type RunningEnsign } from "./server";
import { createTemplateDatabase, createTestDatabase, type TestDatabase } from "./database";
import type { SharedServerRequest } from "./shared-server";

export type WorkerServer = { baseUrl: string; databaseUrl: string };

const servers: RunningEnsign[] = [];
const databases: TestDatabase[] = [];
/** tests/support/shared-server.ts's servers, by database, name and settings. */
const shared = new Map<string, Promise<RunningEnsign>>();
let sharedControl: Server | undefined;

/**
 * Starts (once) and hands out the run's shared servers: a worker POSTs what it needs and gets
 * the server's URL. Listens on 127.0.0.1 for this run only, and starts only test servers.
 */
async function serveSharedServers(): Promise<string> {
  const control = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", async () => {
      try {
        const { databaseUrl, name, env } = JSON.parse(body) as SharedServerRequest;
        const settings = Object.entries(env).sort(([a], [b]) => a.localeCompare(b));
        const key = JSON.stringify([databaseUrl, name, settings]);
        let server = shared.get(key);
        if (!server) {
          server = startEnsign({ databaseUrl, env });
          shared.set(key, server);
          // A start that failed is tried again by the next file that asks.
          server.catch(() => shared.delete(key));
        }
        const { url, port } = await server;
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ url, port }));
      } catch (error) {
        res.writeHead(500).end(String(error instanceof Error ? error.stack : error));
      }
    });
  });
  sharedControl = control;
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(control.address() as { port: number }).port}/`;
}

/** As many servers as files can run at once: the project's workers, or fewer files. */
async function serverCount(project: TestProject): Promise<number> {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  try {
    // The command line's file filters (not in vitest's public types): `vitest run x.test.ts`
    // needs one server, not one per worker.
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
    const { testFiles } = await project.globTestFiles(filters);
    return Math.max(1, Math.min(workers, testFiles.length));
  } catch {
    return workers;
  }
}

export async function setup(project: TestProject) {
  const count = await serverCount(project);
  // Migrated once: every database of the run, these and the test files' own, is a copy.
  const template = await createTemplateDatabase();
  databases.push(template);
  project.provide("templateDatabase", { url: template.url });
  project.provide("sharedServers", await serveSharedServers());
  const started = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const database = await createTestDatabase(template);
      databases.push(database);
      const server = await startEnsign({ databaseUrl: database.url });
      servers.push(server);
      return { baseUrl: server.url, databaseUrl: database.url };
    }),
  );
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  const workerServers = started.map((s) => (s as PromiseFulfilledResult<WorkerServer>).value);
  project.provide("workerServers", workerServers);
  // What a file sees before worker-server.ts picks its worker's own (and for tools that
  // import a test module outside a worker).
  project.provide("baseUrl", workerServers[0].baseUrl);
  project.provide("databaseUrl", workerServers[0].databaseUrl);
}

export async function teardown() {
  sharedControl?.close();
  const started = await Promise.allSettled([...shared.values()]);
  shared.clear();
  for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await Promise.all(databases.splice(0).map((d) => d.drop()));
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    workerServers: WorkerServer[];
    templateDatabase: { url: string } | null;
    /** Where tests/support/shared-server.ts asks for a shared server. */
    sharedServers: string;
  }
}
