// A setup file of the api project: points `inject("baseUrl")` and `inject("databaseUrl")` at
// this worker's own server and database (started by global-setup.ts), so test files running at
// the same time in other workers never share a server, a database or its counts.
// VITEST_POOL_ID numbers the workers running at once from 1, and one worker runs one file at
// a time. Vitest has no per-worker `provide`, so this overwrites the two values in the
// worker's copy of the provided context before the test file is imported.
import { inject } from "vitest";

const servers = inject("workerServers");
const slot = (Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length;
const mine = servers[slot];
const state = (globalThis as { __vitest_worker__?: { providedContext: Record<string, unknown> } })
  .__vitest_worker__;
if (!state) throw new Error("worker-server.ts runs only as a vitest setup file");
state.providedContext.baseUrl = mine.baseUrl;
state.providedContext.databaseUrl = mine.databaseUrl;
// The run's migrated template, which tests/support/database.ts copies for each new database.
const template = inject("templateDatabase");
if (template) process.env.ENSIGN_TEST_TEMPLATE_DATABASE = template.url;
