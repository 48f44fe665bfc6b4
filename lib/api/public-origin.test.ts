import type { IncomingMessage } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publicOrigin, publicUrl, stampPublicOrigin } from "./public-origin";

const request = (headers: Record<string, string>, url = "http://0.0.0.0:8000/api/v1/x/?page=2") =>
  new Request(url, { headers });

describe("publicOrigin", () => {
  beforeEach(() => {
    vi.stubEnv("NEXTAUTH_URL", "");
    vi.stubEnv("ENSIGN_TRUSTED_PROXIES", "0");
  });
  afterEach(() => vi.unstubAllEnvs());

  it("is the Host the client used, never the bind address", () => {
    expect(publicOrigin(request({ host: "flags.example:8000" }))).toBe("http://flags.example:8000");
    expect(publicOrigin(request({ host: "127.0.0.1:8000" }))).toBe("http://127.0.0.1:8000");
    expect(publicOrigin(request({ host: "[::1]:8000" }))).toBe("http://[::1]:8000");
    expect(publicOrigin(request({}))).toBe("http://localhost:8000");
    expect(publicOrigin(request({ host: "0.0.0.0:8000" }))).toBe("http://localhost:8000");
  });

  it("refuses a Host that is not a plain host and port", () => {
    for (const host of [
      "evil.example/x",
      "user@evil.example",
      "evil.example:99999x",
      "a b",
      "evil.example?x",
    ]) {
      expect(publicOrigin(request({ host }, "http://127.0.0.1:8000/")), host).toBe("http://127.0.0.1:8000");
    }
  });

  it("reads X-Forwarded-Host and -Proto only behind a trusted proxy", () => {
    const headers = {
      host: "10.0.0.5:8000",
      "x-forwarded-host": "flags.example",
      "x-forwarded-proto": "https",
    };
    expect(publicOrigin(request(headers))).toBe("http://10.0.0.5:8000");
    vi.stubEnv("ENSIGN_TRUSTED_PROXIES", "1");
    expect(publicOrigin(request(headers))).toBe("https://flags.example");
    // The value the proxy next to Ensign wrote: the last one.
    expect(publicOrigin(request({ ...headers, "x-forwarded-host": "evil.example, flags.example" }))).toBe(
      "https://flags.example",
    );
    expect(publicOrigin(request({ host: "flags.example", "x-forwarded-proto": "https" }))).toBe(
      "https://flags.example",
    );
  });

  it("is NEXTAUTH_URL's origin when set", () => {
    vi.stubEnv("NEXTAUTH_URL", "https://flags.example/base/");
    vi.stubEnv("ENSIGN_TRUSTED_PROXIES", "1");
    expect(publicOrigin(request({ host: "other", "x-forwarded-host": "evil.example" }))).toBe(
      "https://flags.example",
    );
  });

  it("builds URLs on it, keeping a path of `//` a path", () => {
    const r = request({ host: "flags.example" });
    expect(publicUrl(r, new URL(r.url))).toBe("http://flags.example/api/v1/x/?page=2");
    expect(publicUrl(r, "//evil.example/")).toBe("http://flags.example//evil.example/");
  });

  it("is stamped on the server's requests, replacing a client's forwarded headers", () => {
    const req = {
      headers: {
        host: "flags.example:8000",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      socket: { localPort: 8000 },
    } as unknown as IncomingMessage;
    stampPublicOrigin(req);
    expect(req.headers["x-forwarded-host"]).toBe("flags.example:8000");
    expect(req.headers["x-forwarded-proto"]).toBe("http");
  });
});
