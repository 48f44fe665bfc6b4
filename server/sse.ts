// GET /sse/environments/<environment key>/stream: Flagsmith's realtime endpoint, served from
// node:http because a stream outlives any route handler. The streams live in lib/sdk/sse/hub,
// which caps them per environment, per client address and in total (503 past a cap).
// Once the response head is sent, events go to the socket itself: the hub writes each event's
// bytes, encoded and chunk-framed once for every stream, with no per-stream work in
// ServerResponse (its per-write chunk header, cork and next-tick uncork). Ending still goes
// through the response, so a chunked body gets its last chunk.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { NotFoundError } from "@/lib/api/errors";
import { SDK_CORS_HEADERS, SDK_PREFLIGHT_HEADERS } from "@/lib/sdk/cors";
import { clientAddressOf, stampClientAddress } from "@/lib/api/client-address";
import { resolveEnvironmentKey } from "@/lib/sdk/cache";
import { admitStream, openStream, type SseSink } from "@/lib/sdk/sse/hub";
import { sendError, sendJson } from "./respond";

const STREAM_PATH = /^\/sse\/environments\/([^/?]+)\/stream\/?(?:\?.*)?$/;

/** A stream's response once its head is on the socket: the hub's writes go to the socket. */
class HttpSink implements SseSink {
  readonly chunked: boolean;
  constructor(
    private readonly res: ServerResponse,
    private readonly socket: Socket,
  ) {
    this.chunked = (res as unknown as { chunkedEncoding: boolean }).chunkedEncoding;
  }
  write(chunk: Uint8Array): boolean {
    return this.socket.write(chunk);
  }
  end(): void {
    this.res.end();
  }
  destroy(): void {
    this.socket.destroy();
  }
  get writableLength(): number {
    return this.socket.writableLength;
  }
  once(event: "close", listener: () => void): this {
    this.res.once(event, listener);
    return this;
  }
}

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
  // The head goes out now, so that the hub's writes to the socket follow it.
  res.flushHeaders();
  const socket = res.socket;
  // A client that left while the key was resolved: its close has passed, nothing to count.
  if (!socket || socket.destroyed) return;
  socket.setNoDelay(true);
  openStream(resolved.snapshot, new HttpSink(res, socket), address);
}

/** Answers the request if it is for an SSE stream; returns false to hand it on. */
export function serveSse(req: IncomingMessage, res: ServerResponse): boolean {
  const match = STREAM_PATH.exec(req.url ?? "/");
  if (!match) return false;
  if (req.method === "OPTIONS") {
    res.writeHead(200, SDK_PREFLIGHT_HEADERS);
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
