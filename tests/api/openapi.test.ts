import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { TAGS } from "@/lib/openapi/tags";
import { SERVER_PATHS } from "@/lib/sdk/server-paths";
import { documentedRoutes, loadRouteTable, openApiDocumentOf } from "@/scripts/route-table";
import { call } from "../support/api";

const table = await loadRouteTable();

describe("OpenAPI description", () => {
  it("serves the document generated from the registered routes as JSON, without credentials", async () => {
    const res = await call("/api/v1/swagger.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocumentOf(table))));
    expect(res.body.openapi).toBe("3.1.0");
    const operationIds = Object.values(
      res.body.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .sort();
    const declared = [...documentedRoutes(table), ...SERVER_PATHS].map((r) => r.options.openapi!.operationId);
    expect(operationIds).toEqual(declared.sort());
    // The paths server/ answers itself are described too.
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/ofrep/v1/evaluate/flags/", "/sse/environments/{apiKey}/stream/"]),
    );
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(Object.keys(TAGS));
  });

  it("serves the same document as YAML", async () => {
    const [json, yaml] = await Promise.all([call("/api/v1/swagger.json"), call("/api/v1/swagger.yaml")]);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(parse(yaml.text)).toEqual(json.body);
  });
});

describe("docs page", () => {
  it("serves Swagger UI with links to the description and only local assets", async () => {
    const res = await call("/api/v1/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.text).toContain('href="/api/v1/swagger.json"');
    expect(res.text).toContain('href="/api/v1/swagger.yaml"');
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...res.text.matchAll(/(?:src|href)="(\/api\/v1\/docs\/assets\/[^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(assets).toEqual([
      "/api/v1/docs/assets/swagger-ui.css",
      "/api/v1/docs/assets/ensign-docs.css",
      "/api/v1/docs/assets/swagger-ui-bundle.js",
      "/api/v1/docs/assets/swagger-ui-standalone-preset.js",
      "/api/v1/docs/assets/ensign-docs.js",
    ]);
    for (const asset of assets) {
      const file = await call(asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get("content-type"), asset).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/,
      );
      expect(file.text.length, asset).toBeGreaterThan(100);
    }
    expect((await call("/api/v1/docs/assets/ensign-docs.js")).text).toContain('url: "/api/v1/swagger.json"');
    // Light or dark before the first paint, as the dashboard's setting (or the OS) says.
    expect(res.text).toContain('"ensign:theme"');
    expect((await call("/api/v1/docs/assets/ensign-docs.css")).text).toContain("html.dark-mode");
  });

  it("serves no other file", async () => {
    for (const name of ["index.html", "package.json", "..%2Fpackage.json", "swagger-ui.js.map"]) {
      const res = await call(`/api/v1/docs/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
  });
});
