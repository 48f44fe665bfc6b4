// Account API tokens: 40 hex characters like DRF's tokens. Only a sha256 of each key is
// stored, so a leaked database does not leak working tokens.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db, type DbOrTx } from "@/lib/db/client";

export function generateTokenKey(): string {
  return randomBytes(20).toString("hex");
}

export function hashToken(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Creates a token and returns its key, which is shown once and never stored. */
export async function issueToken(
  userId: number,
  { revokeOthers }: { revokeOthers: boolean },
  tx: DbOrTx = db,
): Promise<string> {
  const key = generateTokenKey();
  if (revokeOthers) await tx.apiToken.deleteMany({ where: { userId } });
  await tx.apiToken.create({ data: { userId, keyHash: hashToken(key) } });
  return key;
}

export async function findTokenOwner(key: string): Promise<{ userId: number; keyHash: string } | null> {
  if (!/^[0-9a-f]{40}$/i.test(key)) return null;
  const digest = hashToken(key);
  const token = await db.apiToken.findUnique({
    where: { keyHash: digest },
    select: { userId: true, keyHash: true },
  });
  if (!token) return null;
  // The lookup is by digest; comparing again in constant time keeps the final check
  // free of early-exit timing whatever the index does.
  const ok = timingSafeEqual(Buffer.from(token.keyHash, "hex"), Buffer.from(digest, "hex"));
  return ok ? { userId: token.userId, keyHash: token.keyHash } : null;
}
