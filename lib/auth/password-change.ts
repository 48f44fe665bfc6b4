// Changing a password: by the account itself (djoser's set_password, as Flagsmith serves it)
// or by an administrator on the server (scripts/reset-password.ts), for a forgotten one
// without a mail server. Either way every other way in ends: dashboard sessions and API
// tokens, except the session or token the change was made with.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import type { AuthenticatedUser } from "./authenticate";
import { hashPassword, verifyPassword } from "./passwords";
import { ZNewPassword, type TSetPassword } from "./schemas";
import { endUserSessions } from "./sessions";
import { keepLoginFailure, releaseLoginAttempt, reserveLoginAttempt } from "./throttle";

async function replacePassword(
  userId: number,
  passwordHash: string,
  keep: { sessionId?: string; tokenHash?: string },
) {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endUserSessions(userId, keep.sessionId, tx);
    await tx.apiToken.deleteMany({
      where: { userId, ...(keep.tokenHash ? { keyHash: { not: keep.tokenHash } } : {}) },
    });
  });
}

/** POST /api/v1/auth/users/set_password/: the current password counts like a sign-in. */
export async function setPassword(user: AuthenticatedUser, input: TSetPassword, address: string) {
  const attempt = await reserveLoginAttempt({ email: user.email, address });
  try {
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
    if (!(await verifyPassword(input.current_password, row.passwordHash))) {
      await keepLoginFailure(attempt);
      throw ValidationError.field("current_password", "Invalid password.");
    }
  } finally {
    await releaseLoginAttempt(attempt);
  }
  if (input.new_password !== input.re_new_password) {
    throw ValidationError.nonField("The two password fields didn't match.");
  }
  await replacePassword(user.id, await hashPassword(input.new_password), user);
}

/** Sets a password from the server's command line; ends every session and token of the account. */
export async function resetPassword({ email, password }: { email: string; password: string }) {
  const parsed = ZNewPassword.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new NotFoundError(`No account with the email ${email}.`);
  await replacePassword(user.id, await hashPassword(password), {});
  return { email: user.email };
}
