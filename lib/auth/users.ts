// Accounts: sign up, log in, log out, the current user, token rotation.
import { hasNullCharacter } from "@/lib/api/null-characters";
import { ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { hashPassword, verifyPassword } from "./passwords";
import type { TLogin, TSignUp, TUserUpdate } from "./schemas";
import { issueToken } from "./tokens";

type UserRow = {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  jsonView: boolean;
  createdAt: Date;
  lastLogin: Date | null;
};

export function serializeUser(user: UserRow) {
  return {
    id: user.id,
    uuid: user.uuid,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    json_view: user.jsonView,
    date_joined: user.createdAt.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function signUp(input: TSignUp) {
  const email = normaliseEmail(input.email);
  if (process.env.ENSIGN_PREVENT_SIGNUP === "true" && (await db.user.count()) > 0) {
    throw ValidationError.nonField("Sign-up is disabled on this Ensign instance.");
  }
  if (await db.user.findUnique({ where: { email } })) {
    throw ValidationError.field("email", "A user with this email already exists.");
  }
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        uuid: generateUuid(),
        email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
      },
    });
    const key = await issueToken(user.id, { revokeOthers: true }, tx);
    return { ...serializeUser(user), key };
  });
}

export async function logIn(input: TLogin) {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(input.email) } });
  // Hash even for unknown emails so the answer takes as long either way.
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? "$2b$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva",
  );
  if (!user || !ok) throw ValidationError.nonField("Unable to log in with provided credentials.");
  await db.user.update({ where: { id: user.id }, data: { lastLogin: new Date() } });
  // Only a hash of each token is stored, so the key of an existing token cannot be handed
  // back as DRF does; each login gets a token of its own and leaves the others working.
  return { key: await issueToken(user.id, { revokeOthers: false }) };
}

/** Verifies a password for the dashboard's sign-in (next-auth credentials). */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<{ id: number; email: string } | null> {
  // No stored email holds a NUL (every write path refuses it), and PostgreSQL cannot compare one.
  if (hasNullCharacter(email)) return null;
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) } });
  if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
  await db.user.update({ where: { id: user.id }, data: { lastLogin: new Date() } });
  return { id: user.id, email: user.email };
}

/** Revokes the token the request came with (a dashboard session has none to revoke). */
export async function logOut(user: { id: number; tokenHash?: string }) {
  if (user.tokenHash) await db.apiToken.deleteMany({ where: { userId: user.id, keyHash: user.tokenHash } });
}

/** Revokes every token of the user and returns a fresh one: the dashboard's "regenerate". */
export async function rotateToken(userId: number) {
  return { key: await issueToken(userId, { revokeOthers: true }) };
}

export async function getMe(userId: number) {
  return serializeUser(await db.user.findUniqueOrThrow({ where: { id: userId } }));
}

export async function updateMe(userId: number, input: TUserUpdate) {
  const user = await db.user.update({
    where: { id: userId },
    data: { firstName: input.first_name, lastName: input.last_name, jsonView: input.json_view },
  });
  return serializeUser(user);
}

/** Whether anyone has an account yet (the dashboard's first-run path) and whether sign-up is open. */
export async function getAuthConfig() {
  const hasUsers = (await db.user.count()) > 0;
  return { has_users: hasUsers, allow_signup: !hasUsers || process.env.ENSIGN_PREVENT_SIGNUP !== "true" };
}

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
