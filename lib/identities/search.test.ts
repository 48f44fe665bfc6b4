import { describe, expect, it } from "vitest";
import { parseCoreSearch, parseEdgeSearch, searchSql } from "./search";

describe("parseCoreSearch", () => {
  it("matches a substring, or exactly when quoted", () => {
    expect(parseCoreSearch(undefined)).toBeNull();
    expect(parseCoreSearch("")).toBeNull();
    expect(parseCoreSearch("ali")).toEqual({ field: "identifier", mode: "contains", term: "ali" });
    expect(parseCoreSearch('"alice"')).toEqual({ field: "identifier", mode: "exact", term: "alice" });
    expect(parseCoreSearch('"a"b"')).toEqual({ field: "identifier", mode: "exact", term: "ab" });
    expect(parseCoreSearch('"')).toEqual({ field: "identifier", mode: "contains", term: '"' });
  });
});

describe("parseEdgeSearch", () => {
  it("matches a prefix, exactly when quoted, and aliases when asked", () => {
    expect(parseEdgeSearch("bo")).toEqual({ field: "identifier", mode: "startsWith", term: "bo" });
    expect(parseEdgeSearch('"bob"')).toEqual({ field: "identifier", mode: "exact", term: "bob" });
    expect(parseEdgeSearch("dashboard_alias:Tester")).toEqual({
      field: "dashboardAlias",
      mode: "startsWith",
      term: "tester",
    });
    expect(parseEdgeSearch('dashboard_alias:"QA one"')).toEqual({
      field: "dashboardAlias",
      mode: "exact",
      term: "qa one",
    });
  });
});

describe("searchSql", () => {
  it("escapes LIKE wildcards and compares case-insensitively", () => {
    const contains = searchSql(parseCoreSearch("50%_off\\"));
    expect(contains.sql).toBe(`AND lower("identifier") LIKE lower(?) ESCAPE '\\'`);
    expect(contains.values).toEqual(["%50\\%\\_off\\\\%"]);
    const prefix = searchSql(parseEdgeSearch("dashboard_alias:qa"));
    expect(prefix.sql).toBe(`AND lower("dashboardAlias") LIKE lower(?) ESCAPE '\\'`);
    expect(prefix.values).toEqual(["qa%"]);
  });

  it("matches exact searches as they are and adds nothing without a search", () => {
    const exact = searchSql(parseCoreSearch('"Alice"'));
    expect(exact.sql).toBe(`AND "identifier" = ?`);
    expect(exact.values).toEqual(["Alice"]);
    expect(searchSql(null).sql).toBe("");
  });
});
