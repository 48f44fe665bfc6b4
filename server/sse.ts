// GET /sse/environments/<environment key>/stream: Flagsmith's realtime endpoint, served from
// node:http because a stream outlives any route handler. The streams live in lib/sdk/sse/hub.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SDK_CORS_HEADERS } from "@/lib/api/handler";
import { resolveEnvironmentKey } from "@/lib/sdk/cache";
import { openStream } from "@/lib/sdk/sse/hub";

const STREAM_PATH = /^\/sse\/environments\/([^/?]+)\/stream\/?(?:\?.*)?$/;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...SDK_CORS_HEADERS, "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function open(key: string, res: ServerResponse) {
  const resolved = await resolveEnvironmentKey(key);
  if (!resolved || resolved.snapshot.stopServingFlags) return sendJson(res, 404, { detail: "Not found." });
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
  openStream(resolved.snapshot, res);
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
    sendJson(res, 405, { detail: `Method "${req.method}" not allowed.` }, { Allow: "GET, OPTIONS" });
    return true;
  }
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    sendJson(res, 404, { detail: "Not found." });
    return true;
  }
  open(key, res).catch((error: unknown) => {
    console.error("[ensign] SSE stream error:", error);
    if (!res.headersSent) sendJson(res, 500, { detail: "A server error occurred." });
    else res.destroy();
  });
  return true;
}
