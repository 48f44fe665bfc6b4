import { describe, expect, it } from "vitest";
import { permalinkFor } from "./permalinks";

describe("permalinkFor", () => {
  const ref = { provider: "github", revision: "abc123", filePath: "src/app.ts", lineNumber: 7 };

  it("links GitHub's blob view at the scanned revision and line", () => {
    expect(permalinkFor({ ...ref, repositoryUrl: "https://github.com/acme/app" })).toBe(
      "https://github.com/acme/app/blob/abc123/src/app.ts#L7",
    );
  });

  it("treats a trailing slash on the repository and a leading ./ on the path alike", () => {
    expect(
      permalinkFor({ ...ref, repositoryUrl: "https://github.com/acme/app/", filePath: "./src/app.ts" }),
    ).toBe("https://github.com/acme/app/blob/abc123/src/app.ts#L7");
  });
});
