// Starts one production Ensign server on a fresh database for the API test run.
// TEST_DATABASE=postgres runs it on a new PostgreSQL database (created and dropped here);
// otherwise on a new SQLite file. Each test file seeds its own uniquely named users and
// organisations, so files do not see each other's data.
import type { TestProject } from "vitest/node";
import { startEnsign, type RunningEnsign } from "./server";
import { createTestDatabase, type TestDatabase } from "./database";

let server: RunningEnsign | undefined;
let database: TestDatabase | undefined;

export async function setup(project: TestProject) {
  database = await createTestDatabase();
  server = await startEnsign({ databaseUrl: database.url });
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", database.url);
}

export async function teardown() {
  await server?.stop();
  await database?.drop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}
