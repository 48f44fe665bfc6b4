import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENVIRONMENT_PERMISSION_KEYS, ORGANISATION_PERMISSION_KEYS, PROJECT_PERMISSION_KEYS } from "./keys";
import { allows, effectivePermissions, type GrantSet } from "./resolve";

const none: GrantSet = { role: "USER", organisation: [], project: [], environment: [] };

describe("effectivePermissions", () => {
  it("gives nothing to someone outside the organisation, whatever rows remain", () => {
    const grants: GrantSet = {
      role: null,
      organisation: [{ admin: false, permissions: ["CREATE_PROJECT"] }],
      project: [{ admin: true, permissions: [] }],
      environment: [{ admin: true, permissions: [] }],
    };
    for (const kind of ["organisation", "project", "environment"] as const) {
      expect(effectivePermissions(kind, grants)).toEqual({ admin: false, permissions: [] });
      expect(allows(kind, grants, "ADMIN")).toBe(false);
    }
  });

  it("gives an organisation admin every key everywhere", () => {
    const admin: GrantSet = { ...none, role: "ADMIN" };
    expect(effectivePermissions("organisation", admin)).toEqual({
      admin: true,
      permissions: [...ORGANISATION_PERMISSION_KEYS].sort(),
    });
    expect(allows("environment", admin, "MANAGE_IDENTITIES")).toBe(true);
    expect(allows("project", admin, "ADMIN")).toBe(true);
  });

  it("makes a project admin admin of its environments, not of the organisation", () => {
    const grants: GrantSet = { ...none, project: [{ admin: true, permissions: [] }] };
    expect(allows("environment", grants, "UPDATE_FEATURE_STATE")).toBe(true);
    expect(allows("environment", grants, "ADMIN")).toBe(true);
    expect(allows("organisation", grants, "CREATE_PROJECT")).toBe(false);
  });

  it("keeps an environment admin inside the environment", () => {
    const grants: GrantSet = { ...none, environment: [{ admin: true, permissions: [] }] };
    expect(allows("environment", grants, "MANAGE_SEGMENT_OVERRIDES")).toBe(true);
    expect(allows("project", grants, "VIEW_PROJECT")).toBe(false);
  });

  it("unions the keys of the user's own and group grants, without implying others", () => {
    const grants: GrantSet = {
      ...none,
      project: [
        { admin: false, permissions: ["VIEW_PROJECT"] },
        { admin: false, permissions: ["CREATE_FEATURE", "VIEW_PROJECT"] },
      ],
    };
    expect(effectivePermissions("project", grants)).toEqual({
      admin: false,
      permissions: ["CREATE_FEATURE", "VIEW_PROJECT"],
    });
    expect(allows("project", grants, "DELETE_FEATURE")).toBe(false);
    expect(allows("project", grants, "ADMIN")).toBe(false);
    // Project keys say nothing about environments.
    expect(allows("environment", grants, "VIEW_ENVIRONMENT")).toBe(false);
  });
});

describe("allows (property)", () => {
  const grant = (keys: string[]) => fc.record({ admin: fc.boolean(), permissions: fc.subarray(keys) });
  const grantSet = fc.record({
    role: fc.constantFrom<"ADMIN" | "USER" | null>("ADMIN", "USER", null),
    organisation: fc.array(grant(ORGANISATION_PERMISSION_KEYS as string[]), { maxLength: 3 }),
    project: fc.array(grant(PROJECT_PERMISSION_KEYS), { maxLength: 3 }),
    environment: fc.array(grant(ENVIRONMENT_PERMISSION_KEYS), { maxLength: 3 }),
  });

  it("answers exactly what the rules say, for every combination of grants", () => {
    fc.assert(
      fc.property(grantSet, fc.constantFrom(...ENVIRONMENT_PERMISSION_KEYS, "ADMIN"), (g, key) => {
        const member = g.role !== null;
        const orgAdmin = g.role === "ADMIN";
        const projectAdmin = orgAdmin || g.project.some((x) => x.admin);
        const envAdmin = projectAdmin || g.environment.some((x) => x.admin);
        const granted = g.environment.some((x) => x.permissions.includes(key));
        const expected = member && (envAdmin || (key !== "ADMIN" && granted));
        expect(allows("environment", g, key)).toBe(expected);
      }),
    );
  });

  it("never loses a key when a grant is added (monotone)", () => {
    fc.assert(
      fc.property(
        grantSet,
        grant(PROJECT_PERMISSION_KEYS),
        fc.constantFrom(...PROJECT_PERMISSION_KEYS),
        (g, extra, key) => {
          if (allows("project", g, key))
            expect(allows("project", { ...g, project: [...g.project, extra] }, key)).toBe(true);
        },
      ),
    );
  });
});
