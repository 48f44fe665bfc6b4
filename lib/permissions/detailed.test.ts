import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeGrants } from "./detailed";
import { ENVIRONMENT_PERMISSION_KEYS } from "./keys";
import { effectivePermissions, type GrantSet } from "./resolve";

const none: GrantSet = { role: "USER", organisation: [], project: [], environment: [] };
const eng = { id: 7, name: "Engineers" };
const ops = { id: 3, name: "Ops" };
const nothing = { groups: [], roles: [] };

describe("describeGrants", () => {
  it("reports nothing for a member without grants", () => {
    expect(describeGrants("project", none)).toEqual({
      admin: false,
      is_directly_granted: false,
      derived_from: nothing,
      permissions: [],
    });
  });

  it("marks the user's own keys as directly granted", () => {
    const grants: GrantSet = {
      ...none,
      project: [{ admin: false, permissions: ["VIEW_PROJECT", "CREATE_FEATURE"] }],
    };
    expect(describeGrants("project", grants).permissions).toEqual([
      { permission_key: "CREATE_FEATURE", is_directly_granted: true, derived_from: nothing },
      { permission_key: "VIEW_PROJECT", is_directly_granted: true, derived_from: nothing },
    ]);
  });

  it("names every group that grants a key, once, even when the user holds it too", () => {
    const grants: GrantSet = {
      ...none,
      environment: [
        { admin: false, permissions: ["VIEW_ENVIRONMENT"], group: eng },
        { admin: false, permissions: ["VIEW_ENVIRONMENT"] },
        { admin: false, permissions: ["VIEW_ENVIRONMENT", "MANAGE_IDENTITIES"], group: ops },
      ],
    };
    const out = describeGrants("environment", grants);
    expect(out.admin).toBe(false);
    expect(out.permissions).toEqual([
      {
        permission_key: "MANAGE_IDENTITIES",
        is_directly_granted: false,
        derived_from: { groups: [ops], roles: [] },
      },
      {
        permission_key: "VIEW_ENVIRONMENT",
        is_directly_granted: true,
        derived_from: { groups: [ops, eng], roles: [] },
      },
    ]);
  });

  it("says an own admin grant is direct and a group's admin grant comes from the group", () => {
    const own: GrantSet = { ...none, project: [{ admin: true, permissions: [] }] };
    expect(describeGrants("project", own)).toMatchObject({
      admin: true,
      is_directly_granted: true,
      derived_from: nothing,
    });
    const group: GrantSet = { ...none, project: [{ admin: true, permissions: [], group: eng }] };
    expect(describeGrants("project", group)).toMatchObject({
      admin: true,
      is_directly_granted: false,
      derived_from: { groups: [eng], roles: [] },
    });
  });

  it("carries admin of the project down to its environments, with its source", () => {
    const grants: GrantSet = {
      ...none,
      project: [
        { admin: true, permissions: [], group: eng },
        { admin: false, permissions: ["VIEW_PROJECT"], group: ops },
      ],
      environment: [{ admin: true, permissions: [], group: ops }],
    };
    expect(describeGrants("environment", grants)).toEqual({
      admin: true,
      is_directly_granted: false,
      // The project's admin groups first, then the environment's.
      derived_from: { groups: [eng, ops], roles: [] },
      permissions: [],
    });
    const mine: GrantSet = { ...none, project: [{ admin: true, permissions: [] }] };
    expect(describeGrants("environment", mine)).toMatchObject({ admin: true, is_directly_granted: true });
    // On the project itself, only the project's admin groups.
    expect(describeGrants("project", grants).derived_from.groups).toEqual([eng]);
  });

  it("says an organisation admin is admin directly, on every kind of object", () => {
    for (const kind of ["organisation", "project", "environment"] as const)
      expect(describeGrants(kind, { ...none, role: "ADMIN" })).toEqual({
        admin: true,
        is_directly_granted: true,
        derived_from: nothing,
        permissions: [],
      });
  });

  it("reports organisation keys from the user and their groups", () => {
    const grants: GrantSet = {
      ...none,
      organisation: [
        { admin: false, permissions: ["CREATE_PROJECT"], group: eng },
        { admin: false, permissions: ["MANAGE_USERS"] },
      ],
    };
    expect(describeGrants("organisation", grants)).toEqual({
      admin: false,
      is_directly_granted: false,
      derived_from: nothing,
      permissions: [
        {
          permission_key: "CREATE_PROJECT",
          is_directly_granted: false,
          derived_from: { groups: [eng], roles: [] },
        },
        { permission_key: "MANAGE_USERS", is_directly_granted: true, derived_from: nothing },
      ],
    });
  });

  it("agrees with the resolver: admin alike, and the keys listed are the keys held (property)", () => {
    const group = fc.option(fc.constantFrom(eng, ops), { nil: undefined });
    const grant = fc.record({
      admin: fc.boolean(),
      permissions: fc.subarray(ENVIRONMENT_PERMISSION_KEYS as string[]),
      group,
    });
    const grantSet = fc.record({
      role: fc.constantFrom<"ADMIN" | "USER">("ADMIN", "USER"),
      organisation: fc.constant<GrantSet["organisation"]>([]),
      project: fc.array(grant, { maxLength: 3 }),
      environment: fc.array(grant, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(grantSet, (g) => {
        const detailed = describeGrants("environment", g);
        const effective = effectivePermissions("environment", g);
        expect(detailed.admin).toBe(effective.admin);
        if (!effective.admin)
          expect(detailed.permissions.map((p) => p.permission_key)).toEqual(effective.permissions);
        // Admin always has a named source: the user, or at least one group.
        if (detailed.admin)
          expect(detailed.is_directly_granted || detailed.derived_from.groups.length > 0).toBe(true);
        for (const p of detailed.permissions)
          expect(p.is_directly_granted || p.derived_from.groups.length > 0).toBe(true);
      }),
    );
  });
});
