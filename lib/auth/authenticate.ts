// Who is calling a private endpoint: `Authorization: Token <key>`, or the dashboard's
// signed-in session (lib/auth/session.ts).
import { NotAuthenticatedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { getSessionUserId } from "./session";
import { findTokenOwner } from "./tokens";

export type AuthenticatedUser = { id: number; email: string; uuid: string; tokenHash?: string };

async function loadUser(id: number): Promise<AuthenticatedUser | null> {
  return db.user.findUnique({ where: { id }, select: { id: true, email: true, uuid: true } });
}

export async function authenticateRequest(request: Request): Promise<AuthenticatedUser> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Token\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new NotAuthenticatedError("Invalid token header. No credentials provided.");
    const owner = await findTokenOwner(match[1]);
    const user = owner === null ? null : await loadUser(owner.userId);
    if (!user || !owner) throw new NotAuthenticatedError("Invalid token.");
    return { ...user, tokenHash: owner.keyHash };
  }
  const sessionUserId = await getSessionUserId(request);
  const sessionUser = sessionUserId === null ? null : await loadUser(sessionUserId);
  if (sessionUser) return sessionUser;
  throw new NotAuthenticatedError();
}
