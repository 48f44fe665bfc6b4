// Invitations over HTTP: email invitations (create, list, resend, revoke, expiry, join),
// invite links (create, list, delete, expiry, join), sign-up through an invitation with
// ENSIGN_PREVENT_SIGNUP set, and the invitation email through a real local SMTP server.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { call, seed, signUp, unique } from "../support/api";
import { rawQuery } from "../support/raw-query";
import { freePort, startEnsign, type RunningEnsign } from "../support/server";

const invitePath = (org: number) => `/api/v1/organisations/${org}/invite/`;
const invitesPath = (org: number) => `/api/v1/organisations/${org}/invites/`;
const linksPath = (org: number) => `/api/v1/organisations/${org}/invite-links/`;
const email = () => `${unique("invitee")}@example.com`;

async function invite(token: string, org: number, address: string, role = "USER") {
  const res = await call(invitePath(org), { token, body: { invites: [{ email: address, role }] } });
  expect(res.status, res.text).toBe(201);
  return res.body[0];
}

async function createAccount(address: string, baseUrl?: string, extra: Record<string, unknown> = {}) {
  return call("/api/v1/auth/users/", {
    baseUrl,
    body: { email: address, password: "correct-horse-9", ...extra },
  });
}

const expireInvite = (id: number) =>
  rawQuery(inject("databaseUrl"), `UPDATE "Invite" SET "expiresAt" = "dateCreated" WHERE id = ${id}`);
const expireLink = (id: number) =>
  rawQuery(inject("databaseUrl"), `UPDATE "InviteLink" SET "expiresAt" = "dateCreated" WHERE id = ${id}`);

const memberOf = async (token: string, baseUrl?: string) =>
  (await call("/api/v1/organisations/", { token, baseUrl })).body.results.map((o: any) => [o.id, o.role]);

describe("email invitations", () => {
  it("invites with Flagsmith's body and the legacy list of emails, answering each link once", async () => {
    const s = await seed();
    const a = email();
    const res = await call(invitePath(s.organisationId), {
      token: s.token,
      body: { invites: [{ email: a.toUpperCase(), role: "ADMIN" }], emails: ["legacy-" + a] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      email: a,
      role: "ADMIN",
      invited_by: { email: s.email },
      permission_groups: [],
      email_status: "NOT_CONFIGURED",
      is_expired: false,
    });
    expect(res.body[1]).toMatchObject({ email: "legacy-" + a, role: "USER" });
    expect(res.body[0].invite_url).toBe(`${inject("baseUrl")}/join/${res.body[0].hash}/`);
    const days = (Date.parse(res.body[0].expires_at) - Date.parse(res.body[0].date_created)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const list = await call(invitesPath(s.organisationId), { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => i.email)).toEqual([a, "legacy-" + a]);
    expect(list.body[0]).not.toHaveProperty("hash");
    expect(list.body[0]).not.toHaveProperty("invite_url");
    const one = await call(`${invitesPath(s.organisationId)}${res.body[0].id}/`, { token: s.token });
    expect(one.body).toEqual(list.body[0]);

    // Only a digest of the token is stored.
    const rows = await rawQuery(
      inject("databaseUrl"),
      `SELECT "tokenHash" FROM "Invite" WHERE id = ${res.body[0].id}`,
    );
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].tokenHash).not.toBe(res.body[0].hash);
  });

  it("refuses duplicates, members, bad emails, empty and oversized requests, all or none", async () => {
    const s = await seed();
    const a = email();
    await invite(s.token, s.organisationId, a);
    const again = await call(invitePath(s.organisationId), {
      token: s.token,
      body: { invites: [{ email: email() }, { email: a }] },
    });
    expect(again.status).toBe(400);
    expect(again.body.email[0]).toContain(a);
    expect((await call(invitesPath(s.organisationId), { token: s.token })).body).toHaveLength(1);

    const member = await call(invitePath(s.organisationId), { token: s.token, body: { emails: [s.email] } });
    expect(member.status).toBe(400);
    expect(member.body.email[0]).toContain("already a member");
    const twice = await call(invitePath(s.organisationId), {
      token: s.token,
      body: { emails: ["x@e.com", "X@e.com"] },
    });
    expect(twice.status).toBe(400);
    for (const body of [
      {},
      { emails: ["not-an-email"] },
      { invites: [{ email: email(), role: "OWNER" }] },
      { emails: Array.from({ length: 51 }, (_, i) => `p${i}@example.com`) },
      { invites: [{ email: email(), permission_groups: [1] }] },
    ]) {
      const res = await call(invitePath(s.organisationId), { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(invitesPath(s.organisationId), { token: s.token })).body).toHaveLength(1);
  });

  it("is for organisation admins only; other tenants get 404", async () => {
    const s = await seed();
    const outsider = await signUp();
    for (const [method, path] of [
      ["POST", invitePath(s.organisationId)],
      ["GET", invitesPath(s.organisationId)],
      ["GET", linksPath(s.organisationId)],
      ["POST", linksPath(s.organisationId)],
    ]) {
      const res = await call(path, {
        method,
        token: outsider.token,
        body: method === "POST" ? { emails: [email()] } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    // A USER member sees 403.
    const link = await call(linksPath(s.organisationId), { token: s.token, body: { role: "USER" } });
    await call(`/api/v1/users/join/link/${link.body.hash}/`, { method: "POST", token: outsider.token });
    const denied = await call(invitePath(s.organisationId), {
      token: outsider.token,
      body: { emails: [email()] },
    });
    expect(denied.status).toBe(403);
    expect((await call(invitesPath(s.organisationId), { token: outsider.token })).status).toBe(403);
    expect((await call(linksPath(s.organisationId), { token: outsider.token })).status).toBe(403);
  });

  it("joins an existing account with the invited role and uses the invitation up", async () => {
    const s = await seed();
    const person = await signUp();
    const inv = await invite(s.token, s.organisationId, person.email.toUpperCase(), "ADMIN");
    const other = await signUp();
    const wrong = await call(`/api/v1/users/join/${inv.hash}/`, { method: "POST", token: other.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Registered email does not match invited email" });

    const join = await call(`/api/v1/users/join/${inv.hash}/`, { method: "POST", token: person.token });
    expect(join.status, join.text).toBe(200);
    expect(join.body).toMatchObject({ id: s.organisationId, role: "ADMIN" });
    expect(await memberOf(person.token)).toEqual([[s.organisationId, "ADMIN"]]);
    expect((await call(invitesPath(s.organisationId), { token: s.token })).body).toEqual([]);
    const reused = await call(`/api/v1/users/join/${inv.hash}/`, { method: "POST", token: person.token });
    expect(reused.status).toBe(404);

    // The join is in the organisation's audit log, by the person who joined.
    const audit = await call(`/api/v1/organisations/${s.organisationId}/audit/`, { token: s.token });
    expect(audit.body.results[0]).toMatchObject({
      log: `Invitation accepted: ${person.email} joined as ADMIN`,
      related_object_type: "INVITE",
      author: { email: person.email },
    });
  });

  it("answers unknown, revoked and expired invitations without naming the organisation", async () => {
    const s = await seed();
    const person = await signUp();
    const unknown = await call("/api/v1/users/join/NoSuchInvitation/", {
      method: "POST",
      token: person.token,
    });
    expect([unknown.status, unknown.body]).toEqual([404, { detail: "Not found." }]);

    const revoked = await invite(s.token, s.organisationId, person.email);
    const del = await call(`${invitesPath(s.organisationId)}${revoked.id}/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(del.status).toBe(204);
    const afterRevoke = await call(`/api/v1/users/join/${revoked.hash}/`, {
      method: "POST",
      token: person.token,
    });
    expect([afterRevoke.status, afterRevoke.body]).toEqual([404, { detail: "Not found." }]);

    const expired = await invite(s.token, s.organisationId, person.email);
    await expireInvite(expired.id);
    const listed = await call(invitesPath(s.organisationId), { token: s.token });
    expect(listed.body[0].is_expired).toBe(true);
    const late = await call(`/api/v1/users/join/${expired.hash}/`, { method: "POST", token: person.token });
    expect([late.status, late.body]).toEqual([400, { detail: "Invite has expired" }]);
    expect(await memberOf(person.token)).toEqual([]);

    // Resending makes a new link, valid again; the old one stops working.
    const resent = await call(`${invitesPath(s.organisationId)}${expired.id}/resend/`, {
      method: "POST",
      token: s.token,
    });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ id: expired.id, is_expired: false });
    expect(resent.body.hash).not.toBe(expired.hash);
    const old = await call(`/api/v1/users/join/${expired.hash}/`, { method: "POST", token: person.token });
    expect(old.status).toBe(404);
    const ok = await call(`/api/v1/users/join/${resent.body.hash}/`, { method: "POST", token: person.token });
    expect(ok.status).toBe(200);
    expect(await memberOf(person.token)).toEqual([[s.organisationId, "USER"]]);
  });

  it("signs up a new account through an email invitation, which then belongs to the organisation", async () => {
    const s = await seed();
    const a = email();
    const inv = await invite(s.token, s.organisationId, a);
    const created = await createAccount(a, undefined, {
      invite_hash: inv.hash,
      sign_up_type: "INVITE_EMAIL",
    });
    expect(created.status, created.text).toBe(201);
    expect(await memberOf(created.body.key)).toEqual([[s.organisationId, "USER"]]);
    expect((await call(invitesPath(s.organisationId), { token: s.token })).body).toEqual([]);
  });
});

describe("invite links", () => {
  it("creates, lists and deletes links; joins existing accounts with the link's role", async () => {
    const s = await seed();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call(linksPath(s.organisationId), {
      token: s.token,
      body: { role: "ADMIN", expires_at: expiresAt },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ role: "ADMIN", is_expired: false });
    expect(Date.parse(created.body.expires_at)).toBe(Date.parse(expiresAt));
    expect(created.body.invite_url).toBe(`${inject("baseUrl")}/join/link/${created.body.hash}/`);
    const forever = await call(linksPath(s.organisationId), { token: s.token, body: {} });
    expect(forever.body).toMatchObject({ role: "USER", expires_at: null });
    const list = await call(linksPath(s.organisationId), { token: s.token });
    expect(list.body).toEqual([created.body, forever.body]);

    const past = await call(linksPath(s.organisationId), {
      token: s.token,
      body: { expires_at: "2000-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body).toHaveProperty("expires_at");

    const a = await signUp();
    const b = await signUp();
    const join = await call(`/api/v1/users/join/link/${created.body.hash}/`, {
      method: "POST",
      token: a.token,
    });
    expect(join.status, join.text).toBe(200);
    expect(join.body).toMatchObject({ id: s.organisationId, role: "ADMIN" });
    // The link stays for others; joining again changes nothing.
    expect(
      (await call(`/api/v1/users/join/link/${created.body.hash}/`, { method: "POST", token: b.token }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/v1/users/join/link/${created.body.hash}/`, { method: "POST", token: a.token }))
        .status,
    ).toBe(200);
    expect(await memberOf(a.token)).toEqual([[s.organisationId, "ADMIN"]]);

    // An existing member keeps their role.
    const self = await call(`/api/v1/users/join/link/${forever.body.hash}/`, {
      method: "POST",
      token: s.token,
    });
    expect(self.body.role).toBe("ADMIN");

    const del = await call(`${linksPath(s.organisationId)}${created.body.id}/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(del.status).toBe(204);
    const c = await signUp();
    const gone = await call(`/api/v1/users/join/link/${created.body.hash}/`, {
      method: "POST",
      token: c.token,
    });
    expect([gone.status, gone.body]).toEqual([404, { detail: "Not found." }]);
    expect(await memberOf(c.token)).toEqual([]);
    const missing = await call(`${linksPath(s.organisationId)}999999999/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(missing.status).toBe(404);
  });

  it("refuses an expired link", async () => {
    const s = await seed();
    const link = await call(linksPath(s.organisationId), { token: s.token, body: {} });
    await expireLink(link.body.id);
    const person = await signUp();
    const late = await call(`/api/v1/users/join/link/${link.body.hash}/`, {
      method: "POST",
      token: person.token,
    });
    expect([late.status, late.body]).toEqual([400, { detail: "Invite has expired" }]);
    expect(await memberOf(person.token)).toEqual([]);
  });
});

describe("with ENSIGN_PREVENT_SIGNUP and SMTP configured", () => {
  let ensign: RunningEnsign;
  let smtp: SMTPServer;
  let smtpOpen = false;
  const closeSmtp = () =>
    new Promise<void>((resolve) => {
      if (!smtpOpen) return resolve();
      smtpOpen = false;
      smtp.close(() => resolve());
    });
  const mails: { to: string[]; data: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          // Long lines come quoted-printable: join the soft breaks and decode "=3D".
          const text = data.replace(/=\r\n/g, "").replace(/=3D/g, "=");
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data: text });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
    smtpOpen = true;
    ensign = await startEnsign({
      databaseUrl: inject("databaseUrl"),
      env: {
        ENSIGN_PREVENT_SIGNUP: "true",
        ENSIGN_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ENSIGN_SMTP_FROM: "Ensign <flags@example.com>",
      },
    });
  }, 90_000);
  afterAll(async () => {
    await ensign?.stop();
    await closeSmtp();
  });

  const on = () => ensign.url;

  it("refuses sign-up without a valid invitation", async () => {
    const plain = await createAccount(email(), on());
    expect([plain.status, plain.body]).toEqual([
      400,
      { non_field_errors: ["Sign-up is disabled on this Ensign instance."] },
    ]);
    const bogus = await createAccount(email(), on(), { invite_hash: "NoSuchInvitation" });
    expect(bogus.status).toBe(400);
    expect(bogus.body).toEqual({ invite_hash: ["This invitation is not valid or has expired."] });
  });

  it("emails the invitation with its link, and signs the invited person up through it", async () => {
    const s = await seed();
    const a = email();
    const res = await call(invitePath(s.organisationId), {
      baseUrl: on(),
      token: s.token,
      body: { emails: [a] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body[0].email_status).toBe("SENT");
    const mail = mails.find((m) => m.to.includes(a));
    expect(mail).toBeDefined();
    expect(mail!.data).toContain(`${on()}/join/${res.body[0].hash}/`);
    expect(mail!.data).toContain("From: Ensign <flags@example.com>");
    const listed = await call(invitesPath(s.organisationId), { baseUrl: on(), token: s.token });
    expect(listed.body[0].email_status).toBe("SENT");

    // Only the invited email may use it.
    const other = await createAccount(email(), on(), { invite_hash: res.body[0].hash });
    expect(other.status).toBe(400);
    expect(other.body).toHaveProperty("email");
    const created = await createAccount(a, on(), {
      invite_hash: res.body[0].hash,
      sign_up_type: "INVITE_EMAIL",
    });
    expect(created.status, created.text).toBe(201);
    expect(await memberOf(created.body.key, on())).toEqual([[s.organisationId, "USER"]]);
    // Used up: it opens sign-up no more.
    const twice = await createAccount(email(), on(), { invite_hash: res.body[0].hash });
    expect(twice.status).toBe(400);
  });

  it("signs up through an invite link while it is valid", async () => {
    const s = await seed();
    const link = await call(linksPath(s.organisationId), { token: s.token, body: { role: "ADMIN" } });
    const created = await createAccount(email(), on(), {
      invite_hash: link.body.hash,
      sign_up_type: "INVITE_LINK",
    });
    expect(created.status, created.text).toBe(201);
    expect(await memberOf(created.body.key, on())).toEqual([[s.organisationId, "ADMIN"]]);
    await expireLink(link.body.id);
    const late = await createAccount(email(), on(), { invite_hash: link.body.hash });
    expect(late.status).toBe(400);
    expect(late.body).toHaveProperty("invite_hash");
  });

  it("keeps the invitation when the mail server fails, and says so", async () => {
    const s = await seed();
    const a = email();
    await closeSmtp();
    const res = await call(invitePath(s.organisationId), {
      baseUrl: on(),
      token: s.token,
      body: { emails: [a] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body[0].email_status).toBe("FAILED");
    expect(res.body[0].invite_url).toContain("/join/");
    const listed = await call(invitesPath(s.organisationId), { baseUrl: on(), token: s.token });
    expect(listed.body.map((i: any) => [i.email, i.email_status])).toEqual([[a, "FAILED"]]);
  });
});
