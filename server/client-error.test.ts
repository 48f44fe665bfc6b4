import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { answerClientError } from "./client-error";

function fakeSocket(headersSent = false) {
  const socket = Object.assign(new PassThrough(), {
    _httpMessage: headersSent ? { headersSent } : null,
    written: "",
    destroyed: false,
  });
  socket.on("data", (d) => (socket.written += d));
  return socket;
}

const clientError = (code: string) => Object.assign(new Error(code), { code });

async function answerTo(code: string) {
  const socket = fakeSocket();
  answerClientError(clientError(code), socket);
  await new Promise((r) => socket.once("close", r));
  const [head, body] = socket.written.split("\r\n\r\n");
  return [head.split("\r\n")[0], head.includes("Content-Type: application/json"), JSON.parse(body)];
}

describe("answerClientError", () => {
  it("answers Node's parser errors with a JSON detail and closes the connection", async () => {
    expect(await answerTo("ERR_HTTP_REQUEST_TIMEOUT")).toEqual([
      "HTTP/1.1 408 Request Timeout",
      true,
      { detail: "The request did not arrive in time." },
    ]);
    expect(await answerTo("HPE_HEADER_OVERFLOW")).toEqual([
      "HTTP/1.1 431 Request Header Fields Too Large",
      true,
      { detail: "The request headers are too large." },
    ]);
    expect(await answerTo("HPE_INVALID_METHOD")).toEqual([
      "HTTP/1.1 400 Bad Request",
      true,
      { detail: "The request is not valid HTTP." },
    ]);
  });

  it("only closes a connection whose answer has begun, or whose client has gone", () => {
    const answering = fakeSocket(true);
    answerClientError(clientError("ERR_HTTP_REQUEST_TIMEOUT"), answering);
    const reset = fakeSocket();
    answerClientError(clientError("ECONNRESET"), reset);
    expect([answering.destroyed, answering.written, reset.destroyed, reset.written]).toEqual([
      true,
      "",
      true,
      "",
    ]);
  });
});
