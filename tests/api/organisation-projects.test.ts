// GET /api/v1/organisations/{id}/projects/: Flagsmith's list of an organisation's projects
// (read by Flagsmith's MCP server and Backstage plugin), over HTTP.
import { describe, expect, it } from "vitest";
import { call, seed, unique } from "../support/api";
import { addMember } from "../support/members";

const projectsOf = (organisationId: number | string) => `/api/v1/organisations/${organisationId}/projects/`;

describe("GET /api/v1/organisations/{id}/projects/", () => {
  it("lists the organisation's projects, as /projects/{id}/ answers each, and no other's", async () => {
    const s = await seed();
    const second = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("second"), organisation: s.organisationId },
    });
    expect(second.status).toBe(201);
    // A project of another organisation of the same caller stays out.
    const otherOrg = await call("/api/v1/organisations/", { token: s.token, body: { name: unique("org") } });
    const elsewhere = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("elsewhere"), organisation: otherOrg.body.id },
    });
    expect(elsewhere.status).toBe(201);

    const res = await call(projectsOf(s.organisationId), { token: s.token });
    expect(res.status).toBe(200);
    const first = await call(`/api/v1/projects/${s.projectId}/`, { token: s.token });
    expect(res.body).toEqual([first.body, second.body]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        "created_date",
        "enable_dynamo_db",
        "enable_realtime_updates",
        "feature_name_regex",
        "hide_disabled_flags",
        "id",
        "minimum_change_request_approvals",
        "name",
        "organisation",
        "prevent_flag_defaults",
        "stale_flags_limit_days",
        "use_edge_identities",
        "uuid",
      ].sort(),
    );
  });

  it("shows a member only the projects they may view", async () => {
    const s = await seed();
    const member = await addMember(s.organisationId, "USER");
    const res = await call(projectsOf(s.organisationId), { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("answers 401 without a token or with an unknown one", async () => {
    const s = await seed();
    for (const token of [undefined, "0".repeat(40)]) {
      const res = await call(projectsOf(s.organisationId), { token });
      expect(res.status).toBe(401);
    }
    expect((await call(projectsOf(s.organisationId))).body).toEqual({
      detail: "Authentication credentials were not provided.",
    });
  });

  it("answers 404 for an organisation the caller is not in, or none", async () => {
    const [s, other] = await Promise.all([seed(), seed()]);
    for (const id of [other.organisationId, 999999999, "abc"]) {
      const res = await call(projectsOf(id), { token: s.token });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
  });
});
