import { describe, expect, it } from "vitest";
import { redactWebhookUrl } from "./redact-url";

describe("redactWebhookUrl", () => {
  it.each([
    ["https://example.com/hook", "https://example.com/hook"],
    ["https://example.com:8443/a/b/", "https://example.com:8443/a/b/"],
    ["http://example.com", "http://example.com/"],
    ["https://example.com/hook?token=s3cret&channel=ops", "https://example.com/hook?token=****&channel=****"],
    ["https://example.com/hook?s3cret", "https://example.com/hook?s3cret=****"],
    ["https://user:pass@example.com/hook", "https://****@example.com/hook"],
    ["https://user@example.com/hook", "https://****@example.com/hook"],
    [
      "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
      "https://hooks.slack.com/services/T00000000/B00000000/****",
    ],
    [
      "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/",
      "https://discord.com/api/webhooks/123456789012345678/****/",
    ],
    ["https://example.com/hook#access_token=abc", "https://example.com/hook#****"],
    ["http://[2606:4700::1111]:8080/x?k=v", "http://[2606:4700::1111]:8080/x?k=****"],
    ["not a url", "****"],
  ])("%s → %s", (url, redacted) => {
    expect(redactWebhookUrl(url)).toBe(redacted);
  });

  it("never contains the secrets", () => {
    const url = "https://alice:pw-123@example.com/p/0123456789abcdef0123?key=zzz-secret#frag-secret";
    const out = redactWebhookUrl(url);
    for (const secret of ["alice", "pw-123", "0123456789abcdef0123", "zzz-secret", "frag-secret"])
      expect(out).not.toContain(secret);
  });
});
