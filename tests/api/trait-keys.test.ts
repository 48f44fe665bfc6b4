// GET /api/v1/environments/{key}/trait-keys/: the trait keys the environment's identities hold,
// each once, as Flagsmith's environment action answers them ({"keys": [...]}).
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { addMember } from "../support/members";
import { identify } from "../support/fixtures";

const traitKeys = (s: Seeded, token = s.token) =>
  call(`/api/v1/environments/${s.envKey}/trait-keys/`, { token });

describe("GET /api/v1/environments/{key}/trait-keys/", () => {
  it("lists each key held by an identity of the environment once, in order, from every way traits are set", async () => {
    const s = await seed();
    await identify(s, "ada", [
      { trait_key: "plan", trait_value: "pro" },
      { trait_key: "age", trait_value: 41 },
    ]);
    await identify(s, "grace", [
      { trait_key: "plan", trait_value: "free" },
      { trait_key: "Beta", trait_value: true },
    ]);
    // A trait set on an edge identity through the administrative API.
    const edge = await call(`/api/v1/environments/${s.envKey}/edge-identities/`, {
      token: s.token,
      body: { identifier: "edsger" },
    });
    expect(edge.status, edge.text).toBe(201);
    const update = await call(
      `/api/v1/environments/${s.envKey}/edge-identities/${edge.body.identity_uuid}/update-traits/`,
      { token: s.token, method: "PUT", body: { trait_key: "country", trait_value: "nl" } },
    );
    expect(update.status, update.text).toBe(200);
    // Another environment's traits are not this one's.
    const prod = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Production", project: s.projectId },
    });
    expect(prod.status, prod.text).toBe(201);
    await identify({ envKey: prod.body.api_key }, "ada", [{ trait_key: "prod_only", trait_value: 1 }]);

    const res = await traitKeys(s);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ keys: ["Beta", "age", "country", "plan"] });
  });

  it("answers an empty list without traits, and drops a key once no identity holds it", async () => {
    const s = await seed();
    expect((await traitKeys(s)).body).toEqual({ keys: [] });
    await identify(s, "ada", [
      { trait_key: "plan", trait_value: "pro" },
      { trait_key: "temp", trait_value: "x" },
    ]);
    expect((await traitKeys(s)).body).toEqual({ keys: ["plan", "temp"] });
    // A null value deletes the trait (the SDKs' way).
    await identify(s, "ada", [{ trait_key: "temp", trait_value: null }]);
    expect((await traitKeys(s)).body).toEqual({ keys: ["plan"] });
  });

  it("is 401 without credentials, 403 without VIEW_ENVIRONMENT, 404 for an unknown key or another tenant", async () => {
    const s = await seed();
    await identify(s, "ada", [{ trait_key: "plan", trait_value: "pro" }]);
    const path = `/api/v1/environments/${s.envKey}/trait-keys/`;
    expect((await call(path)).status).toBe(401);
    const member = await addMember(s.organisationId);
    const refused = await traitKeys(s, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: "You do not have permission to perform this action." });
    const unknown = await call("/api/v1/environments/nosuchkey/trait-keys/", { token: s.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Not found." });
    const other = await seed();
    expect((await traitKeys(s, other.token)).status).toBe(404);
  });

  it("answers a member granted VIEW_ENVIRONMENT on the environment", async () => {
    const s = await seed();
    await identify(s, "ada", [{ trait_key: "plan", trait_value: "pro" }]);
    const member = await addMember(s.organisationId);
    const grant = await call(`/api/v1/environments/${s.envKey}/user-permissions/`, {
      token: s.token,
      body: { user: member.id, permissions: ["VIEW_ENVIRONMENT"] },
    });
    expect(grant.status, grant.text).toBe(201);
    const res = await traitKeys(s, member.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ keys: ["plan"] });
  });
});
