// The SDK endpoints parse their input by hand (lib/sdk); their documented schemas must not
// promise more than the parser takes, nor refuse what a Flagsmith SDK sends.
import { describe, expect, it } from "vitest";
import { parseIdentifyBody } from "@/lib/sdk/identities/parse";
import { parseTraitWrite, parseTraitWrites } from "@/lib/sdk/identities/trait-writes";
import { ZIdentifyBody, ZTraitBulkBody, ZTraitWriteBody } from "./requests";

const documentedAndAccepted: unknown[] = [
  {},
  { identifier: "user-1" },
  { identifier: null },
  { identifier: "" },
  { identifier: "user-1", traits: null },
  { identifier: "user-1", traits: [] },
  { identifier: "user-1", transient: true },
  {
    identifier: "user-1",
    traits: [
      { trait_key: "plan", trait_value: "pro" },
      { trait_key: "age", trait_value: 42 },
      { trait_key: "score", trait_value: 1.5 },
      { trait_key: "beta", trait_value: true, transient: true },
      { trait_key: "gone", trait_value: null },
    ],
  },
  { traits: [{ trait_key: "plan", trait_value: "x".repeat(2000) }] },
];

const refusedByBoth: unknown[] = [
  [],
  "user-1",
  { identifier: ["a"] },
  { identifier: "x".repeat(2001) },
  { identifier: "u", traits: {} },
  { identifier: "u", traits: [{ trait_value: "pro" }] },
  { identifier: "u", traits: [{ trait_key: "", trait_value: "pro" }] },
  { identifier: "u", traits: [{ trait_key: "plan" }] },
  { identifier: "u", traits: [{ trait_key: "plan", trait_value: "x".repeat(2001) }] },
  { identifier: "u", traits: [null] },
  { identifier: "u", transient: "maybe" },
];

describe("POST /api/v1/identities/ body", () => {
  it("is accepted by the handler whenever the documented schema accepts it", () => {
    for (const body of documentedAndAccepted) {
      expect(ZIdentifyBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(parseIdentifyBody(body, null).ok, JSON.stringify(body)).toBe(true);
    }
  });

  it("is refused by both where the documented schema refuses it", () => {
    for (const body of refusedByBoth) {
      expect(ZIdentifyBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(parseIdentifyBody(body, null).ok, JSON.stringify(body)).toBe(false);
    }
  });
});

describe("legacy trait bodies", () => {
  const write = { identity: { identifier: "user-1" }, trait_key: "plan", trait_value: "pro" };
  const accepted = [
    write,
    { ...write, trait_value: 3 },
    { ...write, trait_value: 2.5 },
    { ...write, trait_value: false },
  ];
  const refused = [
    {},
    [write],
    { ...write, identity: null },
    { ...write, identity: { identifier: "" } },
    { ...write, trait_key: "" },
    { ...write, trait_key: "k".repeat(201) },
    { identity: write.identity, trait_key: "plan" },
    { ...write, trait_value: null },
    { ...write, trait_value: "x".repeat(2001) },
  ];

  it("POST /api/v1/traits/: the handler takes what the schema documents, and refuses what it refuses", () => {
    for (const body of accepted) {
      expect(ZTraitWriteBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(parseTraitWrite(body, { allowNull: false }).ok, JSON.stringify(body)).toBe(true);
    }
    for (const body of refused) {
      expect(ZTraitWriteBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(parseTraitWrite(body, { allowNull: false }).ok, JSON.stringify(body)).toBe(false);
    }
  });

  it("PUT /api/v1/traits/bulk/: lists of writes, where null deletes", () => {
    const lists = [[], accepted, [{ ...write, trait_value: null }]];
    for (const body of lists) {
      expect(ZTraitBulkBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(parseTraitWrites(body).ok, JSON.stringify(body)).toBe(true);
    }
    for (const body of [write, [{}], [write, { ...write, trait_key: "" }]]) {
      expect(ZTraitBulkBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(parseTraitWrites(body).ok, JSON.stringify(body)).toBe(false);
    }
  });
});
