import { describe, expect, it } from "vitest";
import { buildPalettePages, matchesQuery, type PaletteItem } from "./palette";
import { MAX_RECENT, readRecent, RECENT_STORAGE_KEY, rememberRecent } from "./recent-items";

const labels = (items: PaletteItem[]) => items.map((item) => item.label);

describe("buildPalettePages", () => {
  it("offers every section of the environment, project and organisation, then the account pages", () => {
    const items = buildPalettePages({
      organisationId: 3,
      projectId: 7,
      environmentKey: "dev-key",
      environmentName: "Development",
      organisationName: "Acme",
      environments: [
        { name: "Development", api_key: "dev-key" },
        { name: "Production", api_key: "prod-key" },
      ],
      projects: [
        { id: 7, name: "Shop" },
        { id: 8, name: "Billing" },
      ],
    });
    expect(labels(items)).toEqual([
      "Features",
      "Segments",
      "New segment",
      "Identities",
      "Evaluate",
      "Connect an SDK",
      "Audit log",
      "Environment settings",
      "Switch to Production",
      "Project overview",
      "Compare environments",
      "Billing",
      "Projects",
      "Members",
      "Groups",
      "Permissions",
      "Invitations",
      "Organisation API keys",
      "Import from Flagsmith",
      "Account and API token",
      "Organisations",
      "API documentation",
    ]);
    const byLabel = Object.fromEntries(items.map((item) => [item.label, item]));
    expect(byLabel["Audit log"]).toMatchObject({
      href: "/projects/7/environments/dev-key/audit-log/",
      detail: "Development",
    });
    expect(byLabel["Switch to Production"].href).toBe("/projects/7/environments/prod-key/features/");
    expect(byLabel["Billing"].href).toBe("/projects/8/");
    expect(byLabel["Members"]).toMatchObject({ href: "/organisations/3/members/", detail: "Acme" });
    expect(byLabel["API documentation"]).toMatchObject({ href: "/api/v1/docs/", external: true });
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it("offers only the account pages outside any organisation", () => {
    const items = buildPalettePages({ organisationId: null, projectId: null, environmentKey: null });
    expect(labels(items)).toEqual(["Account and API token", "Organisations", "API documentation"]);
  });

  it("offers the project's pages on a project page, without environment sections", () => {
    const items = buildPalettePages({ organisationId: 3, projectId: 7, environmentKey: null });
    expect(labels(items)).toContain("Compare environments");
    expect(labels(items)).not.toContain("Features");
  });
});

describe("matchesQuery", () => {
  const members: PaletteItem = {
    id: "page:members",
    kind: "page",
    label: "Members",
    detail: "Acme",
    href: "/organisations/3/members/",
    keywords: "users people",
  };

  it("matches every word in the label, detail or keywords, in any case and order", () => {
    expect(matchesQuery(members, "mem")).toBe(true);
    expect(matchesQuery(members, "ACME users")).toBe(true);
    expect(matchesQuery(members, "  people   members ")).toBe(true);
    expect(matchesQuery(members, "")).toBe(true);
  });

  it("does not match when one word is missing", () => {
    expect(matchesQuery(members, "members billing")).toBe(false);
    expect(matchesQuery(members, "segments")).toBe(false);
  });
});

function memoryStorage(initial?: string) {
  const values = new Map<string, string>();
  if (initial !== undefined) values.set(RECENT_STORAGE_KEY, initial);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const flag = (n: number): PaletteItem => ({
  id: `flag:${n}`,
  kind: "flag",
  label: `flag_${n}`,
  href: `/projects/1/environments/k/features/${n}/`,
});

describe("recent items", () => {
  it("keeps the newest first, once each, and at most MAX_RECENT", () => {
    const storage = memoryStorage();
    for (let n = 1; n <= MAX_RECENT + 2; n++) rememberRecent(storage, flag(n));
    rememberRecent(storage, flag(5));
    const recent = readRecent(storage);
    expect(recent.length).toBe(MAX_RECENT);
    expect(labels(recent)).toEqual(["flag_5", "flag_8", "flag_7", "flag_6", "flag_4", "flag_3"]);
  });

  it("ignores what is not a list of valid items, and any link off this origin", () => {
    expect(readRecent(memoryStorage("not json"))).toEqual([]);
    expect(readRecent(memoryStorage('{"a":1}'))).toEqual([]);
    const mixed = JSON.stringify([
      flag(1),
      { ...flag(2), href: "https://evil.example/" },
      { ...flag(3), href: "//evil.example/" },
      { label: "no id" },
    ]);
    expect(labels(readRecent(memoryStorage(mixed)))).toEqual(["flag_1"]);
  });

  it("still answers when storage refuses to write", () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(labels(rememberRecent(storage, flag(1)))).toEqual(["flag_1"]);
  });
});
