// The body limits of the production server, applied to every request before either lane (the
// SDK fast lane or Next) reads a byte of it. A request with a body is received whole here and
// handed on with it (`receivedBody`; `withReceivedBody` makes a request that replays it for
// Next), so no handler ever waits on a slow client:
// - one body may be at most `maxBodyBytes` (413). A declared Content-Length over it is refused
//   at once, unread; a chunked body once it passes the cap. What the client still sends after a
//   413 or 503 is read and dropped, bounded, so that the answer reaches it (lingerAfterAnswer).
// - bytes count as they arrive, never as declared: a client that declares a length and sends
//   nothing holds nothing. The bodies being handled at once may total `maxInFlightBytes`, and
//   one client address may hold `maxInFlightBytesPerAddress` of them (503 with Retry-After);
//   a body counts until its answer is sent, and one body alone (in all, or of its address)
//   always passes, so a body of the cap is never refused for its own size.
// - a body must start within `startTimeoutMs` and then bring `minBytesPerSecond` in every
//   window of that length, or it is dropped with 408 and its bytes released.
// Requests without a body pass through untouched: the SDK reads cost nothing here.
import { IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { sendJson } from "./respond";

export type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;
export type BodyLimits = {
  maxBodyBytes: number;
  maxInFlightBytes: number;
  maxInFlightBytesPerAddress: number;
  startTimeoutMs: number;
  minBytesPerSecond: number;
  /** The client address a request's bytes count against (lib/api/client-address.ts). */
  addressOf: (req: IncomingMessage) => string;
  /** The clock of the windows, in ms (performance.now). */
  now?: () => number;
};

export function tooLargeDetail(limit: number): string {
  return `Request body is too large: the limit is ${limit} bytes.`;
}

const RECEIVED = Symbol("ensign.receivedBody");
type Received = IncomingMessage & { [RECEIVED]?: Buffer };

/** The body this module received whole for `req`, or undefined if it has none. */
export function receivedBody(req: IncomingMessage): Buffer | undefined {
  return (req as Received)[RECEIVED];
}

/** `req` itself, or, when its body was received here, a request that replays that body. */
export function withReceivedBody(req: IncomingMessage): IncomingMessage {
  const body = receivedBody(req);
  return body === undefined ? req : replayRequest(req, body);
}

export const BUSY_DETAIL = "The server is handling too many request bodies at once: try again shortly.";
export const SLOW_BODY_DETAIL = "The request body did not arrive in time.";

function sendError(
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return void res.destroy();
  // The connection closes after the answer, so a body left unread is never read.
  sendJson(res, status, { detail }, { Connection: "close", ...headers });
}

/** 413 with a JSON detail. */
export function sendTooLarge(res: ServerResponse, limit: number): void {
  sendError(res, 413, tooLargeDetail(limit));
}

/** How long, and how much, a refused body is still read (and dropped) before its connection closes. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Before refusing a body its client may still be sending (too large, or no room): once the
 * answer is written, the connection's sending side closes and what the client still sends is
 * read and dropped, for at most LINGER_MS and LINGER_BYTES, then the socket closes. Closed at
 * once with bytes unread, the kernel resets the connection, and a client busy uploading loses
 * the answer with it (EPIPE or ECONNRESET instead of the 413).
 */
function lingerAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (req.complete || socket.destroyed) return;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // Node ends a `Connection: close` answer with destroySoon (end, then destroy once written):
  // here only the end, the reading goes on.
  socket.destroySoon = () => socket.end();
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  req.once("end", close);
  req.once("error", close);
  req.resume();
}

/** Addresses with nothing in flight kept in the count before they are swept out. */
const ADDRESSES_KEPT = 1024;

/** A body being received: the end of its current window, and its place in the list. */
type Receiving = {
  windowEnd: number;
  endWindow: () => void;
  prev: Receiving | null;
  next: Receiving | null;
  linked: boolean;
};

/** A function that passes each request on to `dispatch` within the limits, or answers itself. */
export function createBodyLimiter(limits: BodyLimits) {
  const { maxBodyBytes, maxInFlightBytes, maxInFlightBytesPerAddress, startTimeoutMs } = limits;
  const minBytesPerWindow = Math.ceil((limits.minBytesPerSecond * startTimeoutMs) / 1000);
  let inFlight = 0;
  // Bytes held per address. An address whose bodies are all answered keeps its entry at 0 until
  // there are ADDRESSES_KEPT of them: deleting and re-adding the key for every body made V8
  // rebuild the Map's table each time, in the old space, on every call (issue 26).
  const byAddress = new Map<string, number>();
  const now = limits.now ?? (() => performance.now());
  // The bodies being received, each with the end of its current window, in a linked list (no
  // Map: the same table rebuilding). One timer serves them all, armed for the earliest window's
  // end: a timer per body cost more than the rest of the limiter (a small body arrives in the
  // same turn as its head and never sees its window end).
  const receiving: { first: Receiving | null; last: Receiving | null } = { first: null, last: null };
  const link = (body: Receiving) => {
    body.prev = receiving.last;
    if (receiving.last) receiving.last.next = body;
    else receiving.first = body;
    receiving.last = body;
    body.linked = true;
  };
  const unlink = (body: Receiving) => {
    if (!body.linked) return;
    body.linked = false;
    if (body.prev) body.prev.next = body.next;
    else receiving.first = body.next;
    if (body.next) body.next.prev = body.prev;
    else receiving.last = body.prev;
    body.prev = body.next = null;
  };
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  const arm = (at: number) => {
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(sweep, Math.max(0, at - now()));
    timer.unref();
  };
  function sweep() {
    timer = undefined;
    timerAt = Infinity;
    const time = now();
    let next = Infinity;
    for (let body = receiving.first; body;) {
      const following = body.next;
      if (body.windowEnd <= time) body.endWindow();
      // A body still receiving (endWindow may have ended it) has its next window's end.
      if (body.linked && body.windowEnd < next) next = body.windowEnd;
      body = following;
    }
    if (next !== Infinity) arm(next);
    if (byAddress.size > ADDRESSES_KEPT) {
      for (const [address, held] of byAddress) if (held === 0) byAddress.delete(address);
    }
  }

  function receiveBody(req: IncomingMessage, res: ServerResponse, dispatch: Dispatch) {
    const address = limits.addressOf(req);
    let chunks: Buffer[] = [];
    let size = 0;
    let windowBytes = 0;
    let startedInWindow = false;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= size;
      byAddress.set(address, Math.max(0, (byAddress.get(address) ?? 0) - size));
      if (byAddress.size > ADDRESSES_KEPT) arm(now());
    };
    const stop = () => {
      unlink(current);
      req.off("data", onData);
      req.off("end", onEnd);
      req.pause();
      chunks = [];
    };
    const refuse = (answer: () => void) => {
      stop();
      release();
      answer();
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBodyBytes) {
        return refuse(() => (lingerAfterAnswer(req), sendTooLarge(res, maxBodyBytes)));
      }
      const held = byAddress.get(address) ?? 0;
      const fits =
        (inFlight === size || inFlight + chunk.length <= maxInFlightBytes) &&
        (held === size || held + chunk.length <= maxInFlightBytesPerAddress);
      if (!fits) {
        return refuse(
          () => (lingerAfterAnswer(req), sendError(res, 503, BUSY_DETAIL, { "Retry-After": "1" })),
        );
      }
      if (size === 0) startedInWindow = true;
      size += chunk.length;
      windowBytes += chunk.length;
      inFlight += chunk.length;
      byAddress.set(address, held + chunk.length);
      chunks.push(chunk);
    };
    const onEnd = () => {
      (req as Received)[RECEIVED] = Buffer.concat(chunks, size);
      stop();
      dispatch(req, res);
    };
    // Each window must have started the body (the first) or brought the minimum rate (the later ones).
    const current: Receiving = {
      windowEnd: now() + startTimeoutMs,
      endWindow: () => {
        const isTooSlow = size === 0 || (!startedInWindow && windowBytes < minBytesPerWindow);
        if (isTooSlow) return refuse(() => sendError(res, 408, SLOW_BODY_DETAIL));
        windowBytes = 0;
        startedInWindow = false;
        current.windowEnd += startTimeoutMs;
      },
      prev: null,
      next: null,
      linked: false,
    };
    link(current);
    arm(current.windowEnd);
    res.once("close", () => {
      stop();
      release();
    });
    req.on("data", onData);
    req.on("end", onEnd);
    // The client went away mid-body: nothing to answer; the response's close releases it.
    req.on("error", stop);
  }

  function limitRequestBody(req: IncomingMessage, res: ServerResponse, dispatch: Dispatch): void {
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const bytes = Number(declared);
      if (bytes > maxBodyBytes) return (lingerAfterAnswer(req), sendTooLarge(res, maxBodyBytes));
      if (!(bytes > 0)) return dispatch(req, res);
    } else if (req.headers["transfer-encoding"] === undefined) return dispatch(req, res);
    receiveBody(req, res, dispatch);
  }
  /** How many client addresses the limiter holds an entry for (bounded by ADDRESSES_KEPT, tests). */
  limitRequestBody.addressesTracked = () => byAddress.size;
  return limitRequestBody;
}

/** A request like `req` (same socket, head and trailers) whose body is `body`, already complete. */
function replayRequest(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.trailers = req.trailers;
  copy.rawTrailers = req.rawTrailers;
  copy.complete = true;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  return copy;
}
