// Ensign's production server: one command starts everything. It prepares the database
// (migrations, first admin), then serves the Next.js app (dashboard and every /api/v1 route).
// Every request first passes the transport rules kept here, in one place, for both lanes:
// one spelling per path, the body cap (413), and 405 for a method a route does not answer.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { stampClientAddress } from "@/lib/auth/client-address";
import { stampPublicOrigin } from "@/lib/auth/public-origin";
import { prepareAuth } from "@/lib/auth/start-up";
import { startBackgroundJobs } from "@/lib/background/start";
import { configureDatabase, databaseUrl } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrations";
import { closeAllStreams } from "@/lib/sdk/sse/hub";
import { serveFastLane } from "./fast-lane";
import { maxRequestBodyBytes, readMaxBodyBytesInFlight } from "./limits";
import { createBodyLimiter } from "./request-body";
import { canonicalRequestUrl } from "./request-path";
import { loadRouteMethods, sendMethodNotAllowed } from "./route-methods";
import { ensureAuthSecret } from "./secret";
import { serveSse } from "./sse";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8000);
const hostname = process.env.HOST ?? "0.0.0.0";

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** A request's failure that escaped every handler: logged, answered 500 if still possible. */
function failRequest(res: ServerResponse, error: unknown) {
  console.error("[ensign] request failed:", error);
  if (!res.headersSent) sendJson(res, 500, { detail: "A server error occurred." });
  else res.destroy();
}

// The process outlives any one request's mistake: log it and keep serving the others. Next
// installs such loggers itself when it loads; these stand in should it ever stop doing so.
function keepServingOnStrayErrors() {
  if (process.listenerCount("unhandledRejection") === 0)
    process.on("unhandledRejection", (reason) => console.error("[ensign] unhandled rejection:", reason));
  if (process.listenerCount("uncaughtException") === 0)
    process.on("uncaughtException", (error) => console.error("[ensign] uncaught exception:", error));
}

async function main() {
  process.chdir(root);
  const limitRequestBody = createBodyLimiter({
    maxBodyBytes: maxRequestBodyBytes(),
    maxInFlightBytes: readMaxBodyBytesInFlight(),
  });
  const routeMethods = loadRouteMethods(path.join(import.meta.dirname, "route-methods.json"));
  const url = databaseUrl();
  const { applied } = await applyMigrations(url);
  if (applied.length) console.log(`[ensign] applied migrations: ${applied.join(", ")}`);
  await configureDatabase();
  await prepareAuth();
  ensureAuthSecret(root);

  const app = next({ dev: false, dir: root, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // ENSIGN_FAST_LANE=0 sends SDK calls through Next's route handlers too (for comparison).
  const fastLane = process.env.ENSIGN_FAST_LANE !== "0";

  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (serveSse(req, res) || (fastLane && serveFastLane(req, res))) return;
    const method = req.method ?? "GET";
    const allow = routeMethods.disallowed(method, (req.url ?? "/").split("?", 1)[0]);
    if (allow !== null) return sendMethodNotAllowed(res, method, allow);
    stampClientAddress(req);
    stampPublicOrigin(req);
    handle(req, res).catch((error: unknown) => failRequest(res, error));
  };
  const server = createServer((req, res) => {
    try {
      const url = canonicalRequestUrl(req.url ?? "/");
      if (url === null) return sendJson(res, 404, { detail: "Not found." });
      req.url = url;
      limitRequestBody(req, res, route);
    } catch (error) {
      failRequest(res, error);
    }
  });
  server.keepAliveTimeout = 65_000;
  server.on("error", (error) => {
    // Typically EADDRINUSE: exit non-zero so a supervisor retries (README, "Keep it running").
    console.error("[ensign] server error:", error);
    process.exit(1);
  });
  startBackgroundJobs();
  server.listen(port, hostname, () => {
    console.log(`[ensign] listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  keepServingOnStrayErrors();
  const stop = () => {
    server.close(() => process.exit(0));
    closeAllStreams(); // server.close waits for open streams to end
    server.closeIdleConnections();
    // Keep-alive clients may hold connections open; don't wait for them forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error("[ensign] failed to start:", error);
  process.exit(1);
});
