import { describe, expect, it } from "vitest";
import { encodePayload, signPayload } from "./signing";

describe("webhook signing", () => {
  it("signs with hex HMAC-SHA256 of the exact body", () => {
    // RFC 4231 test case 2.
    expect(signPayload("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("encodes with sorted keys at every level, as Flagsmith's json.dumps(sort_keys=True)", () => {
    expect(encodePayload({ event_type: "X", data: { b: 1, a: [{ d: 1, c: 2 }] } })).toBe(
      '{"data":{"a":[{"c":2,"d":1}],"b":1},"event_type":"X"}',
    );
  });
});
