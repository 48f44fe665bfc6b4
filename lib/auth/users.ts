// Accounts: sign up, log in, log out, the current user, token rotation.
import { hasNullCharacter } from "@/lib/api/null-characters";
import { ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { OIDC_PROVIDER_ID, oidcSettings } from "./oidc";
import { joinAtSignUp, signUpInvite } from "@/lib/invitations/join";
import { getDummyHash, hashPassword, verifyPassword } from "./passwords";
import type { TLogin, TSignUp, TUserUpdate } from "./schemas";
import { endDashboardSession } from "./sessions";
import { keepLoginFailure, releaseLoginAttempt, reserveLoginAttempt } from "./throttle";
import { issueToken } from "./tokens";
import type { z } from "zod";
import type { ZUser } from "@/lib/auth/responses";

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

export function serializeUser(user: UserRow): z.infer<typeof ZUser> {
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

/** Accounts of people: the hidden accounts of organisation API keys do not count. */
const countPeople = () => db.user.count({ where: { isApiKey: false } });

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const BAD_CREDENTIALS = "Unable to log in with provided credentials.";

export async function signUp(input: TSignUp, address: string) {
  const email = normaliseEmail(input.email);
  // A valid invitation opens sign-up even when ENSIGN_PREVENT_SIGNUP closes it to others.
  const invite = input.invite_hash
    ? await signUpInvite(
        input.invite_hash,
        email,
        input.sign_up_type === "NO_INVITE" ? undefined : input.sign_up_type,
      )
    : null;
  if (!invite && process.env.ENSIGN_PREVENT_SIGNUP === "true" && (await countPeople()) > 0) {
    throw ValidationError.nonField("Sign-up is disabled on this Ensign instance.");
  }
  // Hashed before the duplicate check, so a taken email is not answered faster. The answer
  // itself still says so (as Flagsmith's does): sign-up hands out a working token at once, so
  // refusing silently would tell just the same. Each such answer counts against the address.
  const passwordHash = await hashPassword(input.password);
  if (await db.user.findUnique({ where: { email } })) {
    await keepLoginFailure(await reserveLoginAttempt({ address }));
    throw ValidationError.field("email", "A user with this email already exists.");
  }
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
    const organisation = invite ? await joinAtSignUp(tx, user, invite) : undefined;
    const key = await issueToken(user.id, { revokeOthers: true }, tx);
    return { ...serializeUser(user), key, ...(organisation ? { organisation } : {}) };
  });
}

/**
 * Checks an email and password within the sign-in limits (lib/auth/throttle.ts): the attempt
 * is reserved first (over a limit throws 429), a failure stays counted against the account
 * and the address, a success is uncounted. Unknown emails are checked against a dummy hash
 * of the same cost, so they take as long as known ones.
 */
async function checkPassword(email: string, password: string, address: string) {
  const subject = { email: normaliseEmail(email), address };
  const attempt = await reserveLoginAttempt(subject);
  try {
    // No stored email holds a NUL (every write path refuses it), and PostgreSQL cannot compare one.
    const user = hasNullCharacter(subject.email)
      ? null
      : await db.user.findFirst({ where: { email: subject.email, isApiKey: false } });
    const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      await keepLoginFailure(attempt);
      return null;
    }
    await db.user.update({ where: { id: user.id }, data: { lastLogin: new Date() } });
    return user;
  } finally {
    // Settled above unless something failed before the answer: then it was no wrong guess.
    await releaseLoginAttempt(attempt);
  }
}

export async function logIn(input: TLogin, address: string) {
  const user = await checkPassword(input.email, input.password, address);
  if (!user) throw ValidationError.nonField(BAD_CREDENTIALS);
  // Only a hash of each token is stored, so the key of an existing token cannot be handed
  // back as DRF does; each login gets a token of its own and leaves the others working.
  return { key: await issueToken(user.id, { revokeOthers: false }) };
}

/** Verifies a password for the dashboard's sign-in (next-auth credentials). */
export async function verifyCredentials(
  email: string,
  password: string,
  address: string,
): Promise<{ id: number; email: string } | null> {
  if (password.length > 1024) return null;
  const user = await checkPassword(email, password, address);
  return user ? { id: user.id, email: user.email } : null;
}

/** Revokes the token the request came with, or ends the dashboard session it came with. */
export async function logOut(user: { id: number; tokenHash?: string; sessionId?: string }) {
  if (user.tokenHash) await db.apiToken.deleteMany({ where: { userId: user.id, keyHash: user.tokenHash } });
  if (user.sessionId) await endDashboardSession(user.sessionId);
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

/**
 * Whether anyone has an account yet (the dashboard's first-run path), whether sign-up is open,
 * and the single sign-on provider the sign-in page offers, if any.
 */
export async function getAuthConfig() {
  const hasUsers = (await countPeople()) > 0;
  const oidc = oidcSettings();
  return {
    has_users: hasUsers,
    allow_signup: !hasUsers || process.env.ENSIGN_PREVENT_SIGNUP !== "true",
    single_sign_on: oidc && { provider: OIDC_PROVIDER_ID, name: oidc.name },
  };
}
