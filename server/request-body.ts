// The one body cap of the production server, applied to every request before either lane
// (the SDK fast lane or Next) reads a byte of it. A declared Content-Length over the cap is
// refused at once, unread; Node's parser guarantees a body is never longer than it declares.
// A chunked body has no declared length, so it is counted as it arrives, held (at most the
// cap) and handed on as a fresh request that replays it; one chunk too many answers 413 and
// stops reading. Requests without a body pass through untouched: the SDK reads cost nothing.
import { IncomingMessage, type ServerResponse } from "node:http";

export type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

export function tooLargeDetail(limit: number): string {
  return `Request body is too large: the limit is ${limit} bytes.`;
}

/** 413 with a JSON detail; the connection closes after it, so an unread body is never read. */
export function sendTooLarge(res: ServerResponse, limit: number): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ detail: tooLargeDetail(limit) });
  res.writeHead(413, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  });
  res.end(body);
}

/** Passes the request on to `dispatch` with a body of at most `limit` bytes, or answers 413. */
export function limitRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  dispatch: Dispatch,
): void {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (Number(declared) > limit) return sendTooLarge(res, limit);
    return dispatch(req, res);
  }
  if (req.headers["transfer-encoding"] === undefined) return dispatch(req, res);
  bufferChunkedBody(req, res, limit, dispatch);
}

function bufferChunkedBody(req: IncomingMessage, res: ServerResponse, limit: number, dispatch: Dispatch) {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    req.off("data", onData);
    req.off("end", onEnd);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    stop();
    req.pause();
    chunks.length = 0;
    sendTooLarge(res, limit);
  };
  const onEnd = () => {
    stop();
    dispatch(replayRequest(req, Buffer.concat(chunks, size)), res);
  };
  req.on("data", onData);
  req.on("end", onEnd);
  // The client went away mid-body: nothing to answer.
  req.on("error", stop);
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
