import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("forwarded hosts", () => {
  const json = { "content-type": "application/json", "content-length": "2" };
  const fromEvil = { ...json, origin: "http://evil.example", "x-forwarded-host": "evil.example" };
  afterEach(() => vi.unstubAllEnvs());

  it("ignores a client's X-Forwarded-Host when no proxy is trusted", () => {
    vi.stubEnv("NEXTAUTH_URL", "");
    vi.stubEnv("ENSIGN_TRUSTED_PROXIES", "0");
    expect(statusOf(write(fromEvil))).toBe(403);
  });

  it("reads X-Forwarded-Host from a trusted proxy", () => {
    vi.stubEnv("NEXTAUTH_URL", "");
    vi.stubEnv("ENSIGN_TRUSTED_PROXIES", "1");
    const proxied = { ...json, origin: "https://flags.example", "x-forwarded-host": "flags.example" };
    expect(statusOf(write(proxied))).toBe(200);
  });

  it("accepts the origin NEXTAUTH_URL names", () => {
    vi.stubEnv("NEXTAUTH_URL", "https://flags.example/");
    expect(statusOf(write({ ...json, origin: "https://flags.example" }))).toBe(200);
    expect(statusOf(write(fromEvil))).toBe(403);
  });
});
