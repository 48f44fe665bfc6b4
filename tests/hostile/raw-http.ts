// HTTP as an attacker sends it: any method, the path exactly as written (no normalising of
// `%2e` or `..`), any bytes as the body; and sockets that declare a body and then stall.
import http from "node:http";
import net from "node:net";
import type { Answer } from "./answers";

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request to the server at `baseUrl` (http://127.0.0.1:port) and reads the whole answer. */
export function sendRaw(
  baseUrl: string,
  request: RawRequest,
  timeoutMs = 60_000,
  /** A connection of its own, not a pooled one (for bursts that must really run in parallel). */
  ownConnection = false,
): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (body !== undefined) headers["Content-Length"] ??= String(body.length);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) resolve(answer);
      settled = true;
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        hostname,
        port,
        method: request.method,
        path: request.path,
        headers,
        agent: ownConnection ? false : agent,
      });
    } catch (error) {
      return done({ status: 0, headers: {}, text: "", error: `not sendable: ${(error as Error).message}` });
    }
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", (error) => done({ status: 0, headers: {}, text: "", error: error.message }));
    });
    req.on("error", (error) => done({ status: 0, headers: {}, text: "", error: error.message }));
    req.end(body);
  });
}

export type HeldSocket = {
  socket: net.Socket;
  /** Everything the server sent on it. */
  received: () => string;
  /** Resolves when the server (or anyone) closed it. */
  closed: Promise<void>;
  isClosed: () => boolean;
};

/** A connection that sends `head` (request line and headers) and then only what the caller writes. */
export function holdSocket(baseUrl: string, head: string): Promise<HeldSocket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let text = "";
    let closed = false;
    const closedPromise = new Promise<void>((r) =>
      socket.once("close", () => {
        closed = true;
        r();
      }),
    );
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("error", () => {
      // reset by the server: the close event follows
    });
    socket.once("connect", () => {
      socket.write(head);
      resolve({ socket, received: () => text, closed: closedPromise, isClosed: () => closed });
    });
    socket.once("error", reject);
  });
}

/** The status of the HTTP answer in `text` (0 if none). */
export function statusOf(text: string): number {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** Splits a raw HTTP/1.1 answer (as `holdSocket` received it) into an Answer. */
export function parseRawAnswer(text: string): Answer {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? "" : text.slice(end + 4);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    let decoded = "";
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      const size = lineEnd === -1 ? 0 : Number.parseInt(rest.slice(0, lineEnd), 16);
      if (!size) break;
      decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    body = decoded;
  }
  return { status: statusOf(text), headers, text: Buffer.from(body, "latin1").toString("utf8") };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
