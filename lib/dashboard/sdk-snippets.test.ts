import { describe, expect, it } from "vitest";
import { buildSnippets, SERVER_KEY_PLACEHOLDER } from "./sdk-snippets";

describe("buildSnippets", () => {
  it("fills in the base URL and the keys, with a placeholder for a server key not created", () => {
    const snippets = buildSnippets({ baseUrl: "https://flags.example.com/", clientKey: "abc123" });
    const byId = Object.fromEntries(snippets.map((s) => [s.id, s.code]));
    expect(Object.keys(byId)).toEqual(["node", "js", "react", "python", "curl", "openfeature-node", "ofrep"]);
    expect(byId.js).toContain('environmentID: "abc123"');
    expect(byId.js).toContain('api: "https://flags.example.com/api/v1/"');
    expect(byId.js).toContain('eventSourceUrl: "https://flags.example.com/"');
    expect(byId.node).toContain(`environmentKey: "${SERVER_KEY_PLACEHOLDER}"`);
    expect(byId.python).toContain('api_url="https://flags.example.com/api/v1/"');
    expect(byId.curl).toContain(
      'curl -H "X-Environment-Key: abc123" "https://flags.example.com/api/v1/flags/"',
    );
    expect(byId.ofrep).toContain('baseUrl: "https://flags.example.com"');
  });

  it("uses a real server key when there is one", () => {
    const snippets = buildSnippets({ baseUrl: "http://x", clientKey: "c", serverKey: "ser.real" });
    expect(snippets.find((s) => s.id === "node")!.code).toContain('environmentKey: "ser.real"');
    expect(snippets.find((s) => s.id === "python")!.code).toContain('environment_key="ser.real"');
  });
});
