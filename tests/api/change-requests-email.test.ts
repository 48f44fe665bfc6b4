// Change request emails through a real local SMTP server: the assigned reviewers when a
// request is created, the author when it is approved, rejected and committed by others.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { call, seed, unique } from "../support/api";
import { addMember } from "../support/members";
import { freePort, startEnsign, type RunningEnsign } from "../support/server";

describe("change request emails", () => {
  let ensign: RunningEnsign;
  let smtp: SMTPServer;
  let smtpOpen = false;
  const mails: { to: string[]; data: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
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
        ENSIGN_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ENSIGN_SMTP_FROM: "Ensign <flags@example.com>",
      },
    });
  }, 150_000);
  afterAll(async () => {
    await ensign?.stop();
    if (smtpOpen) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** Waits until a mail to `address` whose text contains `words` arrives (mail is sent after the answer). */
  async function mailTo(address: string, words: string) {
    for (let i = 0; i < 100; i++) {
      const found = mails.find((m) => m.to.includes(address) && m.data.includes(words));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${address} with "${words}"; got ${JSON.stringify(mails.map((m) => m.to))}`);
  }

  it("emails the assignee on creation and the author on approval, rejection and commit", async () => {
    const baseUrl = ensign.url;
    const s = await seed();
    const reviewer = await addMember(s.organisationId, "ADMIN");
    const feature = await call(`/api/v1/projects/${s.projectId}/features/`, {
      baseUrl,
      token: s.token,
      body: { name: unique("f") },
    });
    const title = unique("Launch");
    const cr = await call(`/api/v1/environments/${s.envKey}/create-change-request/`, {
      baseUrl,
      token: s.token,
      body: {
        title,
        feature_states: [{ feature: feature.body.id, enabled: true }],
        approvals: [{ user: reviewer.id }],
      },
    });
    expect(cr.status, cr.text).toBe(201);
    const path = `/api/v1/features/workflows/change-requests/${cr.body.id}/`;
    await mailTo(reviewer.email, `review the change request "${title}"`);

    const rejected = await call(`${path}reject/`, {
      baseUrl,
      token: reviewer.token,
      body: { comment: "Too soon" },
    });
    expect(rejected.status).toBe(200);
    const rejection = await mailTo(s.email, "was rejected");
    expect(rejection.data).toContain("Too soon");
    expect(rejection.data).toContain(reviewer.email);

    await call(path, {
      baseUrl,
      token: s.token,
      method: "PATCH",
      body: { feature_states: [{ feature: feature.body.id, enabled: true }] },
    });
    expect((await call(`${path}approve/`, { baseUrl, token: reviewer.token, method: "POST" })).status).toBe(
      200,
    );
    await mailTo(s.email, "was approved");
    expect((await call(`${path}commit/`, { baseUrl, token: reviewer.token, body: {} })).status).toBe(200);
    await mailTo(s.email, "was committed");
    // Nobody is told about their own actions.
    expect(mails.filter((m) => m.to.includes(reviewer.email)).length).toBe(1);
  });
});
