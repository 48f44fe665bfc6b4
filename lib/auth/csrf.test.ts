import { describe, expect, it } from "vitest";
import { assertSameOriginWrite } from "./csrf";

const write = (headers: Record<string, string>, method = "POST") =>
  new Request("http://127.0.0.1:3103/api/v1/organisations/", {
    method,
    headers: { host: "127.0.0.1:3103", ...headers },
    body: method === "GET" ? undefined : "{}",
  });

const statusOf = (request: Request) => {
  try {
    assertSameOriginWrite(request);
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
};

describe("assertSameOriginWrite", () => {
  it("lets same-origin JSON writes and every read through", () => {
    const json = { "content-type": "application/json", "content-length": "2" };
    expect(statusOf(write({ ...json, "sec-fetch-site": "same-origin" }))).toBe(200);
    expect(statusOf(write({ ...json, origin: "http://127.0.0.1:3103" }))).toBe(200);
    expect(statusOf(write(json))).toBe(200);
    expect(statusOf(write({ "sec-fetch-site": "cross-site" }, "GET"))).toBe(200);
  });

  it("refuses writes from other origins, other ports of the same host included", () => {
    const json = { "content-type": "application/json", "content-length": "2" };
    expect(statusOf(write({ ...json, "sec-fetch-site": "same-site" }))).toBe(403);
    expect(statusOf(write({ ...json, "sec-fetch-site": "cross-site" }))).toBe(403);
    expect(statusOf(write({ ...json, origin: "http://127.0.0.1:9999" }))).toBe(403);
    expect(statusOf(write({ ...json, origin: "null" }))).toBe(403);
  });

  it("refuses bodies that are not JSON", () => {
    expect(statusOf(write({ "content-type": "text/plain", "content-length": "2" }))).toBe(415);
    expect(
      statusOf(write({ "content-type": "application/x-www-form-urlencoded", "content-length": "2" })),
    ).toBe(415);
    expect(
      statusOf(write({ "content-type": "application/json; charset=utf-8", "content-length": "2" })),
    ).toBe(200);
  });
});
