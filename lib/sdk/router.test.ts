import { describe, expect, it } from "vitest";
import { handleFlagsRequest } from "./flags";
import { handleIdentitiesPost } from "./identities/post";
import { matchSdkRoute, routeSdkRequest } from "./router";

describe("matchSdkRoute", () => {
  it("finds SDK handlers with or without the trailing slash", () => {
    expect(matchSdkRoute("GET", "/api/v1/flags/")).toBe(handleFlagsRequest);
    expect(matchSdkRoute("GET", "/api/v1/flags")).toBe(handleFlagsRequest);
    expect(matchSdkRoute("POST", "/api/v1/identities/")).toBe(handleIdentitiesPost);
    expect(matchSdkRoute("OPTIONS", "/api/v1/environment-document/")).toBe("preflight");
  });

  it("leaves other paths and methods to the caller", async () => {
    expect(matchSdkRoute("GET", "/api/v1/projects/")).toBeNull();
    expect(matchSdkRoute("DELETE", "/api/v1/flags/")).toBeNull();
    const req = { headers: {}, query: new URLSearchParams(), body: "" };
    expect(await routeSdkRequest("GET", "/api/v1/organisations/", req)).toBeNull();
    const preflight = await routeSdkRequest("OPTIONS", "/api/v1/flags/", req);
    expect(preflight?.status).toBe(200);
    expect(preflight?.headers["Access-Control-Allow-Origin"]).toBe("*");
  });
});
