import { describe, expect, it } from "vitest";
import { failureMessage } from "./failure";
import { ApiError, NETWORK_ERROR } from "./fetcher";

describe("failureMessage", () => {
  it("names who can help on a refusal, whatever the API said", () => {
    expect(
      failureMessage(new ApiError(403, { detail: "You do not have permission." }), "delete the project"),
    ).toBe("You are not allowed to delete the project. Ask an administrator of the organisation for access.");
  });
  it("asks to try again on a server failure instead of showing its page", () => {
    expect(failureMessage(new ApiError(502, "<html>Bad gateway</html>"), "create the project")).toMatch(
      /^Could not create the project: the server failed\. Try again in a moment/,
    );
  });
  it("keeps the API's reason for bad input and adds what to do", () => {
    expect(failureMessage(new ApiError(400, { detail: "Name taken" }), "rename the project")).toBe(
      "Could not rename the project: Name taken. Change that and try again.",
    );
  });
  it("passes the network advice through and has a fallback", () => {
    expect(failureMessage(new Error(NETWORK_ERROR), "create the project")).toBe(NETWORK_ERROR);
    expect(failureMessage("boom", "create the project")).toBe(
      "Could not create the project. Reload the page and try again.",
    );
  });
});
