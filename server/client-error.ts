// Answers for requests Node's parser gives up on before any handler sees them (the server's
// `clientError` event): headers or a whole request that took longer than the server's
// timeouts, headers too large, or bytes that are not HTTP. Node's own answers have no body;
// these carry a JSON detail in Flagsmith's style like every other error.
import type { Duplex } from "node:stream";

const ANSWERS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request did not arrive in time."],
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request headers are too large."],
};
const MALFORMED: [number, string, string] = [400, "Bad Request", "The request is not valid HTTP."];

type HttpSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

export function answerClientError(error: Error & { code?: string }, socket: HttpSocket): void {
  // Answer only while nothing of a response is on the wire (as Node does), else just close.
  const isAnswerable = socket.writable && error.code !== "ECONNRESET" && !socket._httpMessage?.headersSent;
  if (!isAnswerable) return void socket.destroy();
  const [status, reason, detail] = ANSWERS[error.code ?? ""] ?? MALFORMED;
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
