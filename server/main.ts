// Ensign's production server: one command starts everything. It prepares the database
// (migrations, first admin), then serves the Next.js app (dashboard and every /api/v1 route).
// Every request first passes the transport rules kept here, in one place, for both lanes:
// one spelling per path, the heap guard (503), the body limits (413, 503, 408 for slow
// bodies), Node's header and request timeouts, and 405 for a method a route does not answer.
import "./v8-flags";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { requestClientAddress, stampClientAddress } from "@/lib/api/client-address";
import { stampPublicOrigin } from "@/lib/api/public-origin";
import { prepareAuth } from "@/lib/auth/start-up";
import { startBackgroundJobs } from "@/lib/background/start";
import { configureDatabase, databaseUrl, isPostgresUrl } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrations";
import { NotFoundError } from "@/lib/api/errors";
import { identityGatherMs } from "@/lib/sdk/identities/store";
import { closeAllStreams } from "@/lib/sdk/sse/hub";
import { answerClientError } from "./client-error";
import { serveFastLane } from "./fast-lane";
import { createHeapGuard, isHealthPath, sendShortOfMemory } from "./heap-guard";
import { maxRequestBodyBytes, readMaxBodyBytesInFlight, readTransportLimits } from "./limits";
import { createBodyLimiter, withReceivedBody } from "./request-body";
import { canonicalRequestUrl } from "./request-path";
import { createMetricsEndpoint } from "./metrics";
import { loadRouteMethods, sendMethodNotAllowed } from "./route-methods";
import { readQuietContextsMs, startQuietContexts } from "./quiet-contexts";
import { ensureAuthSecret } from "./secret";
import { sendError } from "./respond";
import { serveSse } from "./sse";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8000);
const hostname = process.env.HOST ?? "0.0.0.0";

/** Paths only the API answers: one no route serves is a JSON 404, not Next's HTML page. */
const isApiPath = (pathname: string) => /^\/(?:api|sse|ofrep)(?:\/|$)/.test(pathname);

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
  const transport = readTransportLimits();
  const limitRequestBody = createBodyLimiter({
    maxBodyBytes: maxRequestBodyBytes(),
    maxInFlightBytes: readMaxBodyBytesInFlight(),
    maxInFlightBytesPerAddress: transport.maxBodyBytesInFlightPerAddress,
    startTimeoutMs: transport.bodyStartTimeoutMs,
    minBytesPerSecond: transport.bodyMinBytesPerSecond,
    addressOf: requestClientAddress,
  });
  const isHeapShort = createHeapGuard({ percent: transport.heapGuardPercent });
  const routeMethods = loadRouteMethods(path.join(import.meta.dirname, "route-methods.json"));
  // Before any store runs: the switch counts every run() from the start.
  const contexts = startQuietContexts({ quietMs: readQuietContextsMs() });
  const url = databaseUrl();
  // Read here so that a bad ENSIGN_IDENTITY_GATHER_MS stops the start, not every identity call.
  identityGatherMs(isPostgresUrl(url));
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
  const serveMetrics = createMetricsEndpoint(process.env, contexts);

  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (serveMetrics(req, res) || serveSse(req, res) || serveFastLane(req, res, { sdkRoutes: fastLane }))
      return;
    const method = req.method ?? "GET";
    const pathname = (req.url ?? "/").split("?", 1)[0];
    if (isApiPath(pathname) && !routeMethods.serves(pathname)) return sendError(res, new NotFoundError());
    const allow = routeMethods.disallowed(method, pathname);
    if (allow !== null) return sendMethodNotAllowed(res, method, allow);
    stampClientAddress(req);
    stampPublicOrigin(req);
    res.once("close", contexts.enter());
    handle(withReceivedBody(req), res).catch((error: unknown) => sendError(res, error));
  };
  const timeouts = {
    headersTimeout: transport.headersTimeoutMs,
    requestTimeout: transport.requestTimeoutMs,
    // How often Node looks for requests past those timeouts (its default is every 30 s).
    connectionsCheckingInterval: 1_000,
  };
  const server = createServer(timeouts, (req, res) => {
    try {
      const url = canonicalRequestUrl(req.url ?? "/");
      if (url === null) return sendError(res, new NotFoundError());
      req.url = url;
      if (isHeapShort() && !isHealthPath(url)) return sendShortOfMemory(res);
      limitRequestBody(req, res, route);
    } catch (error) {
      sendError(res, error);
    }
  });
  // Longer than the 60 s idle timeout of common load balancers, so they never reuse a closed one.
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerClientError);
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
