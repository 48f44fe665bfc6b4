// is_protected: an Ensign extension on environments (Flagsmith has no such field). The API only
// stores it; the dashboard asks for confirmation before every change in a protected environment.
import { describe, expect, it } from "vitest";
import { call, seed } from "../support/api";

describe("environment is_protected (Ensign extension)", () => {
  it("is false by default, set on create and by PATCH, and shown in lists", async () => {
    const { token, envKey, projectId } = await seed();
    const got = await call(`/api/v1/environments/${envKey}/`, { token });
    expect(got.body.is_protected).toBe(false);

    const created = await call("/api/v1/environments/", {
      token,
      body: { name: "Production", project: projectId, is_protected: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.is_protected).toBe(true);

    const patched = await call(`/api/v1/environments/${envKey}/`, {
      method: "PATCH",
      token,
      body: { is_protected: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.is_protected).toBe(true);
    const list = await call(`/api/v1/environments/?project=${projectId}`, { token });
    expect(list.body.results.map((e: { is_protected: boolean }) => e.is_protected)).toEqual([true, true]);

    // Other settings leave it alone.
    const renamed = await call(`/api/v1/environments/${envKey}/`, {
      method: "PATCH",
      token,
      body: { name: "Staging" },
    });
    expect(renamed.body.is_protected).toBe(true);
    const off = await call(`/api/v1/environments/${envKey}/`, {
      method: "PATCH",
      token,
      body: { is_protected: false },
    });
    expect(off.body.is_protected).toBe(false);
  });

  it("refuses a value that is not a boolean and writes nothing", async () => {
    const { token, envKey } = await seed();
    const res = await call(`/api/v1/environments/${envKey}/`, {
      method: "PATCH",
      token,
      body: { is_protected: "yes please" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ is_protected: ["Must be a valid boolean."] });
    expect((await call(`/api/v1/environments/${envKey}/`, { token })).body.is_protected).toBe(false);
  });

  it("is audited like the other settings", async () => {
    const { token, envKey } = await seed();
    await call(`/api/v1/environments/${envKey}/`, { method: "PATCH", token, body: { is_protected: true } });
    const [latest] = (await call("/api/v1/audit/?page_size=1", { token })).body.results;
    expect(latest.log).toBe("Environment updated: Development");
    const detail = await call(`/api/v1/audit/${latest.id}/`, { token });
    expect(JSON.stringify(detail.body)).toMatch(/is_?protected/i);
  });
});
