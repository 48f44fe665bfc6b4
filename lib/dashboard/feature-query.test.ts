import { describe, expect, it } from "vitest";
import {
  apiFeatureParams,
  DEFAULT_QUERY,
  isFiltered,
  matchesSearch,
  readFeatureQuery,
  writeFeatureQuery,
} from "./feature-query";

describe("feature list query string", () => {
  it("round-trips every filter and leaves defaults out", () => {
    const query = {
      search: "check out",
      status: "on" as const,
      type: "MULTIVARIATE" as const,
      tags: [3, 7],
      owner: 12,
      groupOwner: null,
      archived: true,
      stale: "stale" as const,
      lifecycle: "live" as const,
      sort: "-changed" as const,
    };
    const text = writeFeatureQuery(query);
    expect(text).toBe(
      "q=check+out&status=on&type=MULTIVARIATE&tags=3%2C7&owner=12&archived=1&stale=stale&lifecycle=live&sort=-changed",
    );
    expect(readFeatureQuery(new URLSearchParams(text))).toEqual(query);
    expect(writeFeatureQuery(DEFAULT_QUERY)).toBe("");
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
    expect(isFiltered(query)).toBe(true);
  });

  it("ignores values it does not know", () => {
    const query = readFeatureQuery(
      new URLSearchParams("status=maybe&type=x&tags=a,2&owner=me&stale=old&sort=size"),
    );
    expect(query).toEqual({ ...DEFAULT_QUERY, tags: [2] });
  });

  it("maps filters to the API's parameters", () => {
    const query = {
      ...DEFAULT_QUERY,
      status: "off" as const,
      tags: [1, 2],
      owner: 5,
      sort: "-created" as const,
    };
    expect(apiFeatureParams(query, 9)).toEqual({
      environment: 9,
      is_enabled: "false",
      tags: "1,2",
      owners: "5",
      is_archived: "false",
      type: undefined,
      is_stale: undefined,
      sort_field: "created_date",
      sort_direction: "DESC",
    });
    expect(apiFeatureParams(query, undefined).is_enabled).toBeUndefined();
  });

  it("keeps a group owner in the URL and sends it as group_owners", () => {
    const query = { ...DEFAULT_QUERY, groupOwner: 4 };
    const text = writeFeatureQuery(query);
    expect(text).toBe("group_owner=4");
    expect(readFeatureQuery(new URLSearchParams(text))).toEqual(query);
    expect(isFiltered(query)).toBe(true);
    expect(apiFeatureParams(query, 9)).toMatchObject({ group_owners: "4", owners: undefined });
    expect(readFeatureQuery(new URLSearchParams("group_owner=x")).groupOwner).toBeNull();
  });

  it("maps the stale filter and the last-changed sort to the API's extensions", () => {
    const params = apiFeatureParams({ ...DEFAULT_QUERY, stale: "fresh", sort: "changed" }, 9);
    expect(params).toMatchObject({ is_stale: "false", sort_field: "last_changed", sort_direction: "ASC" });
    expect(apiFeatureParams({ ...DEFAULT_QUERY, stale: "stale" }, 9).is_stale).toBe("true");
    expect(apiFeatureParams({ ...DEFAULT_QUERY, sort: "-changed" }, 9)).toMatchObject({
      sort_field: "last_changed",
      sort_direction: "DESC",
    });
    expect(apiFeatureParams({ ...DEFAULT_QUERY, sort: "name" }, 9).sort_field).toBe("name");
    expect(isFiltered({ ...DEFAULT_QUERY, stale: "stale" })).toBe(true);
  });

  it("searches names and descriptions in any case", () => {
    expect(matchesSearch({ name: "banner", description: "Top of the PAGE" }, "page")).toBe(true);
    expect(matchesSearch({ name: "Banner", description: null }, "ban")).toBe(true);
    expect(matchesSearch({ name: "banner", description: null }, "footer")).toBe(false);
  });
});

describe("the lifecycle stage filter", () => {
  it("round-trips through the query string and reaches the API only with an environment", () => {
    const query = readFeatureQuery(new URLSearchParams("lifecycle=to_remove"));
    expect(query.lifecycle).toBe("to_remove");
    expect(writeFeatureQuery(query)).toBe("lifecycle=to_remove");
    expect(isFiltered(query)).toBe(true);
    expect(apiFeatureParams(query, 5).lifecycle_stage).toBe("to_remove");
    expect(apiFeatureParams(query, undefined).lifecycle_stage).toBeUndefined();
    expect(readFeatureQuery(new URLSearchParams("lifecycle=gone")).lifecycle).toBe("all");
  });
});
