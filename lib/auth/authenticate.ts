// Who is calling a private endpoint: `Authorization: Token <key>`, or the dashboard's
// signed-in session (lib/auth/session.ts) whose server-side record is still live. Writes
// authenticated by the cookie must come from this site (lib/auth/csrf.ts); token requests
// carry no ambient credentials and are not checked.
import { NotAuthenticatedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { assertSameOriginWrite } from "./csrf";
import { getSessionClaims } from "./session";
import { findTokenOwner } from "./tokens";

export type AuthenticatedUser = {
  id: number;
  email: string;
  uuid: string;
  /** Set when the request came with an API token. */
  tokenHash?: string;
  /** Set when the request came with the dashboard's session cookie. */
  sessionId?: string;
};

const USER_FIELDS = { id: true, email: true, uuid: true } as const;

async function loadUser(id: number): Promise<AuthenticatedUser | null> {
  return db.user.findUnique({ where: { id }, select: USER_FIELDS });
}

async function loadSessionUser(request: Request): Promise<AuthenticatedUser | null> {
  const claims = await getSessionClaims(request);
  if (!claims?.sessionId) return null;
  const session = await db.dashboardSession.findFirst({
    where: { id: claims.sessionId, userId: claims.userId, expiresAt: { gt: new Date() } },
    select: { user: { select: USER_FIELDS } },
  });
  return session ? { ...session.user, sessionId: claims.sessionId } : null;
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
  const sessionUser = await loadSessionUser(request);
  if (!sessionUser) throw new NotAuthenticatedError();
  assertSameOriginWrite(request);
  return sessionUser;
}
