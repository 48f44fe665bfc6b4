// Ensign's production server: one command starts everything. It prepares the database
// (migrations, first admin), then serves the Next.js app (dashboard and every /api/v1 route).
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { ensureAdminUser } from "@/lib/auth/users";
import { startBackgroundJobs } from "@/lib/background/start";
import { configureDatabase, databaseUrl } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrations";
import { serveFastLane } from "./fast-lane";
import { ensureAuthSecret } from "./secret";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8000);
const hostname = process.env.HOST ?? "0.0.0.0";

async function main() {
  process.chdir(root);
  const url = databaseUrl();
  const { applied } = await applyMigrations(url);
  if (applied.length) console.log(`[ensign] applied migrations: ${applied.join(", ")}`);
  await configureDatabase();
  await ensureAdminUser();
  ensureAuthSecret(root);

  const app = next({ dev: false, dir: root, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // ENSIGN_FAST_LANE=0 sends SDK calls through Next's route handlers too (for comparison).
  const fastLane = process.env.ENSIGN_FAST_LANE !== "0";
  const server = createServer((req, res) => {
    if (fastLane && serveFastLane(req, res)) return;
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  startBackgroundJobs();
  server.listen(port, hostname, () => {
    console.log(`[ensign] listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error("[ensign] failed to start:", error);
  process.exit(1);
});
