import { describe, expect, it } from "vitest";
import { assertSameOriginWrite } from "./csrf";

const upload = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3103/api/v1/features/feature-import/1/", {
    method: "POST",
    headers: {
      host: "127.0.0.1:3103",
      "content-type": "multipart/form-data; boundary=x",
      "content-length": "2",
      ...headers,
    },
    body: "{}",
  });

const statusOf = (request: Request) => {
  try {
    assertSameOriginWrite(request);
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
};

describe("assertSameOriginWrite and file uploads", () => {
  it("lets a same-origin multipart upload with X-Requested-With through", () => {
    const scripted = { "x-requested-with": "XMLHttpRequest" };
    expect(statusOf(upload({ ...scripted, "sec-fetch-site": "same-origin" }))).toBe(200);
    expect(statusOf(upload({ ...scripted, origin: "http://127.0.0.1:3103" }))).toBe(200);
  });

  it("refuses a multipart form without it (a plain form post), and any from another origin", () => {
    expect(statusOf(upload({ "sec-fetch-site": "same-origin" }))).toBe(415);
    expect(statusOf(upload({ "x-requested-with": "XMLHttpRequest", "sec-fetch-site": "cross-site" }))).toBe(
      403,
    );
    expect(statusOf(upload({ "x-requested-with": "XMLHttpRequest", origin: "http://evil.example" }))).toBe(
      403,
    );
  });
});
