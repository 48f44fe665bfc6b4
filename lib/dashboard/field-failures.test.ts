import { describe, expect, it } from "vitest";
import { fieldFailures } from "./failure";
import { ApiError } from "./fetcher";

describe("fieldFailures", () => {
  it("hands a field's message to its input, without the field name in front", () => {
    expect(fieldFailures(new ApiError(400, { url: ["Enter a valid URL."] }), ["url"])).toEqual({
      url: "Enter a valid URL.",
    });
  });
  it("leaves answers about anything else to the form's own message", () => {
    expect(fieldFailures(new ApiError(400, { detail: "Nope" }), ["url"])).toBeNull();
    expect(fieldFailures(new ApiError(400, { url: ["Bad"], secret: ["Too long"] }), ["url"])).toBeNull();
    expect(fieldFailures(new ApiError(403, { url: ["Bad"] }), ["url"])).toBeNull();
    expect(fieldFailures(new Error("offline"), ["url"])).toBeNull();
  });
});
