// What the server does for sign-in before it serves: the first admin account, and hashing
// any server-side keys stored in plain text before keys were hashed.
import { hashLegacyServerKeys } from "@/lib/environments/server-keys";
import { generateUuid } from "@/lib/keys";
import { db } from "@/lib/db/client";
import { hashPassword } from "./passwords";
import { normaliseEmail } from "./users";

/** Creates the first admin from ENSIGN_ADMIN_EMAIL / ENSIGN_ADMIN_PASSWORD if absent. */
export async function ensureAdminUser(): Promise<void> {
  const email = process.env.ENSIGN_ADMIN_EMAIL;
  const password = process.env.ENSIGN_ADMIN_PASSWORD;
  if (!email || !password) return;
  const normalised = normaliseEmail(email);
  if (await db.user.findUnique({ where: { email: normalised } })) return;
  await db.user.create({
    data: { uuid: generateUuid(), email: normalised, passwordHash: await hashPassword(password) },
  });
  console.log(`[ensign] created admin user ${normalised}`);
}

/**
 * Without NEXTAUTH_URL, next-auth assumes http://localhost:3000 and sends people there after
 * signing out. Trusting the request's host makes it answer on the public origin instead:
 * next-auth reads X-Forwarded-Host (else Host) and X-Forwarded-Proto, which the server
 * replaces on every request with what lib/api/public-origin.ts decides (a client's own are
 * dropped unless a trusted proxy sent them), so a third party cannot steer the redirects.
 */
export function deriveAuthUrlFromRequests(): void {
  if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
}

export async function prepareAuth(): Promise<void> {
  deriveAuthUrlFromRequests();
  await ensureAdminUser();
  const hashed = await hashLegacyServerKeys();
  if (hashed) console.log(`[ensign] stored ${hashed} server-side key(s) as hashes`);
}
