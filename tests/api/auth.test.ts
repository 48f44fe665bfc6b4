import { describe, expect, it } from "vitest";
import { call, signUp, unique } from "../support/api";

describe("accounts and tokens", () => {
  it("signs up, logs in and reads the current user", async () => {
    const email = `${unique("alice")}@example.com`;
    const created = await call("/api/v1/auth/users/", {
      body: { email, password: "s3cret-password", first_name: "Alice", last_name: "Liddell" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email,
      first_name: "Alice",
      last_name: "Liddell",
      json_view: false,
    });
    expect(created.body.key).toMatch(/^[0-9a-f]{40}$/);
    expect(created.body).not.toHaveProperty("password");
    expect(created.body).not.toHaveProperty("passwordHash");

    const login = await call("/api/v1/auth/login/", {
      body: { email: email.toUpperCase(), password: "s3cret-password" },
    });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(["key"]);

    const me = await call("/api/v1/auth/users/me/", { token: login.body.key });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, first_name: "Alice" });
    // The sign-up token still works: logging in does not revoke other tokens.
    expect((await call("/api/v1/auth/users/me/", { token: created.body.key })).status).toBe(200);
  });

  it("answers bad credentials with DRF's message", async () => {
    const { email } = await signUp();
    for (const body of [
      { email, password: "wrong-password" },
      { email: "nobody@example.com", password: "whatever-else" },
    ]) {
      const res = await call("/api/v1/auth/login/", { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
    }
  });

  it("validates sign-up input and writes nothing on failure", async () => {
    const missing = await call("/api/v1/auth/users/", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      email: ["This field is required."],
      password: ["This field is required."],
    });

    const email = `${unique("short")}@example.com`;
    const short = await call("/api/v1/auth/users/", { body: { email, password: "short" } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      password: ["This password is too short. It must contain at least 8 characters."],
    });
    const login = await call("/api/v1/auth/login/", { body: { email, password: "short" } });
    expect(login.status).toBe(400);

    const bad = await call("/api/v1/auth/users/", {
      body: { email: "not-an-email", password: "long-enough-1" },
    });
    expect(bad.body).toEqual({ email: ["Enter a valid email address."] });

    const typed = await call("/api/v1/auth/users/", { body: { email: 5, password: true } });
    expect(typed.body).toEqual({ email: ["Not a valid string."], password: ["Not a valid string."] });
  });

  it("refuses a duplicate email", async () => {
    const { email } = await signUp();
    const res = await call("/api/v1/auth/users/", { body: { email, password: "another-password" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ["A user with this email already exists."] });
  });

  it("answers malformed JSON and non-object bodies with 400", async () => {
    const malformed = await call("/api/v1/auth/login/", { rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    const list = await call("/api/v1/auth/login/", { body: [1, 2] });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ non_field_errors: ["Invalid data. Expected a dictionary, but got list."] });
  });

  it("requires a token on private endpoints and rejects bad ones with 401", async () => {
    const none = await call("/api/v1/organisations/");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Authentication credentials were not provided." });

    const wrong = await call("/api/v1/organisations/", { token: "0".repeat(40) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Invalid token." });

    const garbage = await call("/api/v1/organisations/", { token: "not-a-token" });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ detail: "Invalid token." });
  });

  it("logs out the token used, and regenerating revokes every other token", async () => {
    const { token, email } = await signUp();
    const second = (await call("/api/v1/auth/login/", { body: { email, password: "correct-horse-9" } })).body
      .key;
    const out = await call("/api/v1/auth/logout/", { method: "POST", token: second });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    expect((await call("/api/v1/auth/users/me/", { token: second })).status).toBe(401);
    expect((await call("/api/v1/auth/users/me/", { token })).status).toBe(200);

    const rotated = await call("/api/v1/auth/token/", { method: "POST", token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).toMatch(/^[0-9a-f]{40}$/);
    expect((await call("/api/v1/auth/users/me/", { token })).body).toEqual({ detail: "Invalid token." });
    expect((await call("/api/v1/auth/users/me/", { token: rotated.body.key })).status).toBe(200);
  });

  it("updates the JSON view setting", async () => {
    const { token } = await signUp();
    const res = await call("/api/v1/auth/users/me/", { method: "PATCH", token, body: { json_view: true } });
    expect(res.status).toBe(200);
    expect(res.body.json_view).toBe(true);
    const bad = await call("/api/v1/auth/users/me/", { method: "PATCH", token, body: { json_view: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ json_view: ["Must be a valid boolean."] });
  });
});

describe("auth config", () => {
  it("says whether accounts exist and sign-up is open, without credentials", async () => {
    await signUp();
    const res = await call("/api/v1/auth/config/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ has_users: true, allow_signup: true, single_sign_on: null });
  });
});
