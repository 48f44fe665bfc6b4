import { describe, expect, it } from "vitest";
import { routeMethodTable } from "../scripts/route-methods";
import { loadRouteTable } from "../scripts/route-table";
import { compileRouteMethods } from "./route-methods";

describe("routeMethodTable", () => {
  it("covers every route file of the app, with the methods its module exports", async () => {
    const table = routeMethodTable(await loadRouteTable());
    expect(table["/api/v1/flags/"]).toEqual(["GET", "OPTIONS"]);
    expect(table["/api/auth/[...nextauth]/"]).toEqual(["GET", "POST"]);
    expect(table["/api/v1/projects/[projectId]/"]).toEqual(["GET", "PUT", "PATCH", "DELETE"]);
    for (const [pattern, methods] of Object.entries(table))
      expect([pattern, methods.length > 0]).toEqual([pattern, true]);
  }, 120_000);
});

describe("compileRouteMethods", () => {
  const routes = compileRouteMethods({
    "/api/v1/flags/": ["GET", "OPTIONS"],
    "/api/v1/projects/[projectId]/": ["GET", "PUT", "PATCH", "DELETE"],
    "/api/v1/things/all/": ["GET"],
    "/api/v1/things/[id]/": ["DELETE"],
    "/api/auth/[...nextauth]/": ["GET", "POST"],
  });

  it("answers the Allow header of the matching route for a method it lacks", () => {
    expect(routes.disallowed("DELETE", "/api/v1/flags/")).toBe("GET, HEAD, OPTIONS");
    expect(routes.disallowed("POST", "/api/v1/projects/12")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect(routes.disallowed("PUT", "/api/auth/callback/credentials")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("lets through the methods a route has, and paths no route serves", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(routes.disallowed(method, "/api/v1/flags/")).toBeNull();
    expect(routes.disallowed("PATCH", "/api/v1/projects/12/")).toBeNull();
    expect(routes.disallowed("DELETE", "/api/v1/projects/12/features/")).toBeNull();
    expect(routes.disallowed("DELETE", "/api/auth/")).toBeNull();
    expect(routes.disallowed("POST", "/dashboard/")).toBeNull();
  });

  it("prefers a static segment to a dynamic one, as Next does", () => {
    expect(routes.disallowed("DELETE", "/api/v1/things/all/")).toBe("GET, HEAD, OPTIONS");
    expect(routes.disallowed("GET", "/api/v1/things/7/")).toBe("DELETE, OPTIONS");
  });

  it("tells the paths some route serves from those none does", () => {
    expect(routes.serves("/api/v1/flags/")).toBe(true);
    expect(routes.serves("/api/v1/flags")).toBe(true);
    expect(routes.serves("/api/v1/projects/12/")).toBe(true);
    expect(routes.serves("/api/auth/callback/credentials")).toBe(true);
    expect(routes.serves("/api/v1/projects/12/nothing/")).toBe(false);
    expect(routes.serves("/api/v1/nothing/")).toBe(false);
    expect(routes.serves("/api/auth/")).toBe(false);
  });
});
