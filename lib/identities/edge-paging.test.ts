import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/api/errors";
import { decodeLastEvaluatedKey, edgePageSize, encodeLastEvaluatedKey } from "./edge-paging";

describe("last_evaluated_key", () => {
  it("round-trips the last id", () => {
    for (const id of [0, 1, 99, 123456789])
      expect(decodeLastEvaluatedKey(encodeLastEvaluatedKey(id))).toBe(id);
  });

  it("reads standard base64 too, even when a + arrived as a space", () => {
    const standard = Buffer.from(JSON.stringify({ id: 62 })).toString("base64");
    expect(decodeLastEvaluatedKey(standard)).toBe(62);
    expect(decodeLastEvaluatedKey(standard.replaceAll("+", " "))).toBe(62);
  });

  it("means the first page when absent", () => {
    expect(decodeLastEvaluatedKey(undefined)).toBeNull();
    expect(decodeLastEvaluatedKey("")).toBeNull();
  });

  it("refuses keys it did not issue", () => {
    const bad = [
      "not base64!",
      Buffer.from("not json").toString("base64"),
      Buffer.from("[1]").toString("base64"),
      Buffer.from('{"id":"7"}').toString("base64"),
      Buffer.from('{"id":-1}').toString("base64"),
      Buffer.from('{"id":1.5}').toString("base64"),
      Buffer.from("null").toString("base64"),
    ];
    for (const key of bad) {
      try {
        decodeLastEvaluatedKey(key);
        expect.unreachable(key);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).body).toEqual({
          last_evaluated_key: ["Not a valid last_evaluated_key."],
        });
      }
    }
  });
});

describe("edgePageSize", () => {
  it("defaults to 100 and never exceeds it", () => {
    expect(edgePageSize(undefined)).toBe(100);
    expect(edgePageSize(7)).toBe(7);
    expect(edgePageSize(5000)).toBe(100);
  });
});
