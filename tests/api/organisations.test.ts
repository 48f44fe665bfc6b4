import { describe, expect, it } from "vitest";
import { call, signUp, unique } from "../support/api";

describe("organisations", () => {
  it("creates, lists, retrieves, renames and deletes", async () => {
    const { token } = await signUp();
    const name = unique("org");
    const created = await call("/api/v1/organisations/", { token, body: { name } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      role: "ADMIN",
      persist_trait_data: true,
      stop_serving_flags: false,
    });
    expect(created.body.id).toEqual(expect.any(Number));

    const list = await call("/api/v1/organisations/", { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0].name).toBe(name);

    const id = created.body.id;
    const renamed = await call(`/api/v1/organisations/${id}/`, {
      method: "PATCH",
      token,
      body: { name: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Renamed");
    expect((await call(`/api/v1/organisations/${id}/`, { token })).body.name).toBe("Renamed");

    const deleted = await call(`/api/v1/organisations/${id}/`, { method: "DELETE", token });
    expect(deleted.status).toBe(204);
    expect((await call(`/api/v1/organisations/${id}/`, { token })).status).toBe(404);
  });

  it("pages the list ten at a time with absolute links", async () => {
    const { token } = await signUp();
    for (let i = 0; i < 11; i++) await call("/api/v1/organisations/", { token, body: { name: `org ${i}` } });
    const first = await call("/api/v1/organisations/", { token });
    expect(first.body.count).toBe(11);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toMatch(/^http:\/\/.+\/api\/v1\/organisations\/\?page=2$/);
    const second = await call("/api/v1/organisations/?page=2", { token });
    expect(second.body.results).toHaveLength(1);
    expect(second.body.previous).toMatch(/\/api\/v1\/organisations\/$/);
    const past = await call("/api/v1/organisations/?page=3", { token });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "Invalid page." });
  });

  it("hides other users' organisations behind 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const org = await call("/api/v1/organisations/", {
      token: owner.token,
      body: { name: unique("private") },
    });
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(`/api/v1/organisations/${org.body.id}/`, {
        method,
        token: other.token,
        body: method === "PATCH" ? { name: "stolen" } : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    expect((await call("/api/v1/organisations/", { token: other.token })).body.count).toBe(0);
    expect((await call(`/api/v1/organisations/${org.body.id}/`, { token: owner.token })).body.name).not.toBe(
      "stolen",
    );
  });

  it("validates input", async () => {
    const { token } = await signUp();
    const blank = await call("/api/v1/organisations/", { token, body: { name: "" } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ name: ["This field may not be blank."] });
    const missing = await call("/api/v1/organisations/", { token, body: {} });
    expect(missing.body).toEqual({ name: ["This field is required."] });
    const wrongType = await call("/api/v1/organisations/", {
      token,
      body: { name: "x", persist_trait_data: "no" },
    });
    expect(wrongType.body).toEqual({ persist_trait_data: ["Must be a valid boolean."] });
    expect((await call("/api/v1/organisations/abc/", { token })).status).toBe(404);
    expect((await call("/api/v1/organisations/", { token })).body.count).toBe(0);
  });
});
