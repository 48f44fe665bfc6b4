// The body limits of the production server, applied to every request before either lane (the
// SDK fast lane or Next) reads a byte of it:
// - one body may be at most `maxBodyBytes` (413). A declared Content-Length over it is refused
//   at once, unread; Node's parser guarantees a body is never longer than it declares. A
//   chunked body has no declared length, so it is counted as it arrives, held (at most the
//   cap) and handed on as a fresh request that replays it; one chunk too many answers 413.
// - the bodies being handled at once may total `maxInFlightBytes` (503 with Retry-After), so
//   many bodies under the cap cannot exhaust memory together either. A body is counted from
//   its arrival until its answer is sent; one body alone is always let through.
// Requests without a body pass through untouched: the SDK reads cost nothing here.
import { IncomingMessage, type ServerResponse } from "node:http";

export type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;
export type BodyLimits = { maxBodyBytes: number; maxInFlightBytes: number };

export function tooLargeDetail(limit: number): string {
  return `Request body is too large: the limit is ${limit} bytes.`;
}

export const BUSY_DETAIL = "The server is handling too many request bodies at once: try again shortly.";

function sendError(
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ detail });
  // The connection closes after the answer, so a body left unread is never read.
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
    ...headers,
  });
  res.end(body);
}

/** 413 with a JSON detail. */
export function sendTooLarge(res: ServerResponse, limit: number): void {
  sendError(res, 413, tooLargeDetail(limit));
}

/** A function that passes each request on to `dispatch` within the limits, or answers itself. */
export function createBodyLimiter({ maxBodyBytes, maxInFlightBytes }: BodyLimits) {
  let inFlight = 0;
  /** Whether `bytes` more fit beside the `own` bytes this request already holds. */
  const fits = (bytes: number, own = 0) => inFlight === own || inFlight + bytes <= maxInFlightBytes;
  const hold = (res: ServerResponse, bytes: () => number) => res.once("close", () => (inFlight -= bytes()));
  const sendBusy = (res: ServerResponse) => sendError(res, 503, BUSY_DETAIL, { "Retry-After": "1" });

  function bufferChunkedBody(req: IncomingMessage, res: ServerResponse, dispatch: Dispatch) {
    const chunks: Buffer[] = [];
    let size = 0;
    hold(res, () => size);
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.pause();
      chunks.length = 0;
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBodyBytes) return void (stop(), sendTooLarge(res, maxBodyBytes));
      if (!fits(chunk.length, size)) return void (stop(), sendBusy(res));
      size += chunk.length;
      inFlight += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      dispatch(replayRequest(req, Buffer.concat(chunks, size)), res);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    // The client went away mid-body: nothing to answer.
    req.on("error", stop);
  }

  return function limitRequestBody(req: IncomingMessage, res: ServerResponse, dispatch: Dispatch): void {
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const bytes = Number(declared);
      if (bytes > maxBodyBytes) return sendTooLarge(res, maxBodyBytes);
      if (bytes > 0) {
        if (!fits(bytes)) return sendBusy(res);
        inFlight += bytes;
        hold(res, () => bytes);
      }
      return dispatch(req, res);
    }
    if (req.headers["transfer-encoding"] === undefined) return dispatch(req, res);
    bufferChunkedBody(req, res, dispatch);
  };
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
