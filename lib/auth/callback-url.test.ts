import { describe, expect, it } from "vitest";
import { isAcceptedCallbackUrl, withValidCallbackUrl } from "./callback-url";

const handler = withValidCallbackUrl(async () => new Response("next-auth", { status: 200 }));
const base = "http://127.0.0.1:3103/api/auth/signin";

describe("isAcceptedCallbackUrl", () => {
  it("accepts what next-auth accepts: paths and http(s) URLs", () => {
    for (const value of ["/", "/organisations/?x=1", "https://flags.example/", "http://127.0.0.1:1/x"]) {
      expect(isAcceptedCallbackUrl(value), value).toBe(true);
    }
    for (const value of ["foo", "javascript:alert(1)", "ftp://x/", "data:text/html,x", "http//x"]) {
      expect(isAcceptedCallbackUrl(value), value).toBe(false);
    }
  });
});

describe("withValidCallbackUrl", () => {
  it("passes valid and absent callback URLs to next-auth", async () => {
    expect(await (await handler(new Request(base), {})).text()).toBe("next-auth");
    expect((await handler(new Request(`${base}?callbackUrl=%2Fx%2F`), {})).status).toBe(200);
  });

  it("sends a page view without a bad parameter and clears a bad cookie", async () => {
    const page = await handler(new Request(`${base}?callbackUrl=foo&x=1`), {});
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/api/auth/signin?x=1");
    const cookie = await handler(
      new Request(base, { headers: { cookie: "next-auth.callback-url=foo" } }),
      {},
    );
    expect(cookie.status).toBe(302);
    expect(cookie.headers.getSetCookie()[0]).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/);
  });

  it("answers other methods 400", async () => {
    const post = await handler(new Request(`${base}?callbackUrl=foo`, { method: "POST" }), {});
    expect(post.status).toBe(400);
    expect(await post.json()).toEqual({ detail: "Invalid callback URL." });
  });
});
