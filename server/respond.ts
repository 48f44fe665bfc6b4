// The production server's one way to answer with JSON, and with an error: the status, headers
// and body come from the same mapper as Next's route handlers (lib/api/error-response.ts), so
// an error answers alike on the SDK fast lane, SSE, OFREP and through Next.
import type { ServerResponse } from "node:http";
import { answerError } from "@/lib/api/error-response";

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * Answers `error` as every lane does; `headers` are the path's own (CORS). Once an answer has
 * begun it cannot be replaced: the error is logged and the connection cut, so the client sees
 * a broken answer rather than a wrong one.
 */
export function sendError(res: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    console.error("[ensign] error after the answer began:", error);
    res.destroy();
    return;
  }
  const answer = answerError(error);
  sendJson(res, answer.status, answer.body, { ...headers, ...answer.headers });
}
