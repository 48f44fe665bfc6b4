// GET /sse/environments/<environment key>/stream: Flagsmith's realtime endpoint, served from
// node:http because a stream outlives any route handler. The streams live in lib/sdk/sse/hub,
// which caps them per environment, per client address and in total (503 past a cap).
import type { IncomingMessage, ServerResponse } from "node:http";
import { NotFoundError } from "@/lib/api/errors";
import { SDK_CORS_HEADERS } from "@/lib/sdk/cors";
import { clientAddressOf, stampClientAddress } from "@/lib/auth/client-address";
import { resolveEnvironmentKey } from "@/lib/sdk/cache";
import { admitStream, openStream } from "@/lib/sdk/sse/hub";
import { sendError, sendJson } from "./respond";

const STREAM_PATH = /^\/sse\/environments\/([^/?]+)\/stream\/?(?:\?.*)?$/;

async function open(key: string, req: IncomingMessage, res: ServerResponse) {
  const resolved = await resolveEnvironmentKey(key);
  if (!resolved || resolved.snapshot.stopServingFlags) throw new NotFoundError();
  stampClientAddress(req);
  const address = clientAddressOf(req.headers);
  // No await from here on: the stream is counted in the same turn as the caps are checked.
  admitStream(resolved.snapshot.environmentId, address);
  // The connection closes with its stream, so shutdown leaves no idle socket behind.
  res.shouldKeepAlive = false;
  res.writeHead(200, {
    ...SDK_CORS_HEADERS,
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    // Proxies such as nginx would otherwise hold events back in their buffers.
    "X-Accel-Buffering": "no",
  });
  res.socket?.setNoDelay(true);
  openStream(resolved.snapshot, res, address);
}

/** Answers the request if it is for an SSE stream; returns false to hand it on. */
export function serveSse(req: IncomingMessage, res: ServerResponse): boolean {
  const match = STREAM_PATH.exec(req.url ?? "/");
  if (!match) return false;
  if (req.method === "OPTIONS") {
    res.writeHead(200, SDK_CORS_HEADERS);
    res.end();
    return true;
  }
  if (req.method !== "GET") {
    sendJson(
      res,
      405,
      { detail: `Method "${req.method}" not allowed.` },
      { ...SDK_CORS_HEADERS, Allow: "GET, OPTIONS" },
    );
    return true;
  }
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    sendError(res, new NotFoundError(), SDK_CORS_HEADERS);
    return true;
  }
  open(key, req, res).catch((error: unknown) => sendError(res, error, SDK_CORS_HEADERS));
  return true;
}
