import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getSessionUserId } from "./session";

const SECRET = "unit-test-secret";
const request = (cookie?: string) =>
  new Request("http://localhost/api/v1/auth/users/me/", { headers: cookie ? { cookie } : {} });

describe("getSessionUserId", () => {
  beforeEach(() => {
    process.env.NEXTAUTH_SECRET = SECRET;
  });
  afterEach(() => {
    delete process.env.NEXTAUTH_SECRET;
  });

  it("reads the user id from next-auth's session cookie", async () => {
    const token = await encode({ token: { sub: "42" }, secret: SECRET });
    expect(await getSessionUserId(request(`other=1; next-auth.session-token=${token}`))).toBe(42);
    expect(await getSessionUserId(request(`__Secure-next-auth.session-token=${token}`))).toBe(42);
  });

  it("joins a cookie next-auth split into chunks", async () => {
    const token = await encode({ token: { sub: "7" }, secret: SECRET });
    const half = Math.floor(token.length / 2);
    const cookie = `next-auth.session-token.0=${token.slice(0, half)}; next-auth.session-token.1=${token.slice(half)}`;
    expect(await getSessionUserId(request(cookie))).toBe(7);
  });

  it("refuses missing, forged, expired and id-less sessions", async () => {
    expect(await getSessionUserId(request())).toBeNull();
    expect(await getSessionUserId(request("next-auth.session-token=garbage"))).toBeNull();
    const other = await encode({ token: { sub: "42" }, secret: "another-secret" });
    expect(await getSessionUserId(request(`next-auth.session-token=${other}`))).toBeNull();
    const expired = await encode({ token: { sub: "42" }, secret: SECRET, maxAge: -60 });
    expect(await getSessionUserId(request(`next-auth.session-token=${expired}`))).toBeNull();
    const noId = await encode({ token: { name: "x" }, secret: SECRET });
    expect(await getSessionUserId(request(`next-auth.session-token=${noId}`))).toBeNull();
  });

  it("does nothing without a secret", async () => {
    const token = await encode({ token: { sub: "42" }, secret: SECRET });
    delete process.env.NEXTAUTH_SECRET;
    expect(await getSessionUserId(request(`next-auth.session-token=${token}`))).toBeNull();
  });
});
