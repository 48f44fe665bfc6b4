// Servers with special settings that several test files can share, started once per run by
// tests/support/global-setup.ts and stopped at the run's end, instead of once per file (each
// start costs about 5 s of CPU: loading Next.js, the built app and Prisma). Only for a server
// on the worker's own database that a file uses as it would the worker's server: one whose
// answers do not depend on being new (a file that tests a start, a stop or a fresh instance's
// state still calls `startEnsign`). One worker runs one file at a time, so a shared server,
// like the worker's own, sees one file at a time.
import { inject } from "vitest";

export type SharedEnsign = { url: string; port: number };

export type SharedServerRequest = {
  databaseUrl: string;
  /** Told apart from another shared server with the same settings (two "other" instances). */
  name: string;
  env: Record<string, string>;
};

/** The shared server `name` with these settings on this worker's database, started if new. */
export async function sharedEnsign(name: string, env: Record<string, string> = {}): Promise<SharedEnsign> {
  const request: SharedServerRequest = { databaseUrl: inject("databaseUrl"), name, env };
  const res = await fetch(inject("sharedServers"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`shared server ${name} did not start:\n${text}`);
  return JSON.parse(text) as SharedEnsign;
}
