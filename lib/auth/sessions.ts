// Server-side records of dashboard sign-ins. The session cookie is a self-contained JWT, so
// without a record a copied cookie would work until it expires; with one, signing out or
// changing the password ends it at once. Only requests that carry a session cookie read this
// table: token and SDK requests never do.
import { randomBytes } from "node:crypto";
import { db, type DbOrTx } from "@/lib/db/client";

export async function createDashboardSession(userId: number, maxAgeSeconds: number): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db.dashboardSession.create({
    data: { id, userId, expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) },
  });
  // Expired rows of this user go now; nothing else would remove them.
  await db.dashboardSession.deleteMany({ where: { userId, expiresAt: { lt: new Date() } } });
  return id;
}

export async function isDashboardSessionLive(id: string, userId: number): Promise<boolean> {
  const row = await db.dashboardSession.findFirst({
    where: { id, userId, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return row !== null;
}

export async function endDashboardSession(id: string): Promise<void> {
  await db.dashboardSession.deleteMany({ where: { id } });
}

/** Ends every dashboard session of the user but `except` (the one changing the password). */
export async function endUserSessions(userId: number, except?: string, tx: DbOrTx = db): Promise<void> {
  await tx.dashboardSession.deleteMany({ where: { userId, ...(except ? { id: { not: except } } : {}) } });
}
