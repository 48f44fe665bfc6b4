import { describe, expect, it } from "vitest";
import { formatRevisionPayload, parseRevisionPayload } from "./revision-channel";

describe("revision NOTIFY payloads", () => {
  it("names the sender and the environments, and reads back the same", () => {
    expect(formatRevisionPayload("ab12", [3, 17])).toBe("ab12 3,17");
    expect(parseRevisionPayload("ab12 3,17")).toEqual({ instance: "ab12", ids: [3, 17] });
    expect(parseRevisionPayload(formatRevisionPayload("ab12", "all"))).toEqual({
      instance: "ab12",
      ids: "all",
    });
  });

  it("sends 'all' for a list too long for PostgreSQL's 8000-byte payload", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i);
    const payload = formatRevisionPayload("ab12", ids);
    expect(payload).toBe("ab12 all");
    expect(Buffer.byteLength(formatRevisionPayload("ab12", ids.slice(0, 800)))).toBeLessThan(8000);
  });

  it("ignores payloads it did not write", () => {
    for (const payload of ["", "all", "ab12", "ab12 ", "ab12 1,,2", "AB 1", "ab12 1;DROP", "ab12 x"]) {
      expect(parseRevisionPayload(payload)).toBeNull();
    }
  });
});
