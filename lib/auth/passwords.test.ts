import bcrypt from "bcryptjs";
import { describe, expect, it, vi } from "vitest";
import { getDummyHash, hashPassword, verifyPassword } from "./passwords";

// The main thread's bcryptjs fails if called: every hash below must run in a worker thread.
vi.mock("bcryptjs", async (importOriginal) => {
  const real = await importOriginal<{ default: typeof import("bcryptjs") }>();
  const refuse = () => {
    throw new Error("bcrypt ran on the event loop");
  };
  return {
    default: { ...real.default, hash: refuse, compare: refuse, hashSync: refuse, compareSync: refuse },
  };
});

process.env.ENSIGN_BCRYPT_ROUNDS = "4";

describe("passwords on worker threads", () => {
  it("hashes and verifies off the main thread", async () => {
    const hash = await hashPassword("correct-horse-9");
    expect(hash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(await verifyPassword("correct-horse-9", hash)).toBe(true);
    expect(await verifyPassword("wrong-horse-9", hash)).toBe(false);
  });

  it("verifies hashes made before the pool existed", async () => {
    const { default: real } = await vi.importActual<{ default: typeof bcrypt }>("bcryptjs");
    const legacy = real.hashSync("old-password-1", 4);
    expect(await verifyPassword("old-password-1", legacy)).toBe(true);
  });

  it("runs many hashes at once", async () => {
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`password-${i}`)));
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(`password-${i}`, h)))).toEqual(
      Array(8).fill(true),
    );
  });

  it("has a dummy hash of the configured cost for unknown emails", async () => {
    const { default: real } = await vi.importActual<{ default: typeof bcrypt }>("bcryptjs");
    const dummy = await getDummyHash();
    expect(real.getRounds(dummy)).toBe(4);
    expect(await verifyPassword("anything", dummy)).toBe(false);
  });
});
