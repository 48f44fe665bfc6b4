// Who is calling a private endpoint: `Authorization: Token <key>`, an organisation API key
// (`Authorization: Api-Key <key>`, lib/master-api-keys: its hidden account), or the dashboard's
// signed-in session (lib/auth/session.ts) whose server-side record is still live. Writes
// authenticated by the cookie must come from this site (lib/auth/csrf.ts); token requests
// carry no ambient credentials and are not checked.
import { NotAuthenticatedError, PermissionDeniedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { authenticateMasterApiKey } from "@/lib/master-api-keys/master-api-keys";
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
  /** Set when the request came with an organisation API key (the account is the key's own). */
  masterApiKey?: { id: number; name: string; prefix: string; organisationId: number; isAdmin: boolean };
};

const USER_FIELDS = { id: true, email: true, uuid: true } as const;

async function loadUser(id: number): Promise<AuthenticatedUser | null> {
  return db.user.findFirst({ where: { id, isApiKey: false }, select: USER_FIELDS });
}

async function loadSessionUser(request: Request): Promise<AuthenticatedUser | null> {
  const claims = await getSessionClaims(request);
  if (!claims?.sessionId) return null;
  const session = await db.dashboardSession.findFirst({
    where: {
      id: claims.sessionId,
      userId: claims.userId,
      expiresAt: { gt: new Date() },
      user: { isApiKey: false },
    },
    select: { user: { select: USER_FIELDS } },
  });
  return session ? { ...session.user, sessionId: claims.sessionId } : null;
}

export async function authenticateRequest(
  request: Request,
  { allowApiKey = true }: { allowApiKey?: boolean } = {},
): Promise<AuthenticatedUser> {
  const header = request.headers.get("authorization");
  const apiKey = header === null ? null : /^Api-Key(?:\s+(\S*))?\s*$/i.exec(header);
  if (apiKey) {
    const caller = await authenticateMasterApiKey(apiKey[1] ?? "");
    // Account routes and the key routes themselves are for people: a machine credential
    // cannot change an account or mint more machine credentials.
    if (!allowApiKey) throw new PermissionDeniedError("Organisation API keys cannot use this endpoint.");
    return { ...caller.user, masterApiKey: caller.masterApiKey };
  }
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
