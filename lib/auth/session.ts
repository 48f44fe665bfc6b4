// The dashboard's signed-in user, read from the next-auth session cookie (an encrypted
// JWT whose `sub` is the user id and `sid` its server-side session, lib/auth/sessions.ts).
// lib/auth/authenticate.ts only asks when the request has no Authorization header, so a
// wrong token never falls back to the session.
import { decode } from "next-auth/jwt";

const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** next-auth splits large cookies into `<name>.0`, `<name>.1`, ...; small ones stay whole. */
function readSessionCookie(cookies: Map<string, string>): string | null {
  for (const name of COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length) return chunks.join("");
  }
  return null;
}

export type SessionClaims = { userId: number; sessionId: string | null };

export async function getSessionUserId(request: Request): Promise<number | null> {
  return (await getSessionClaims(request))?.userId ?? null;
}

/** The user id and session id of a valid session cookie (signature and expiry checked). */
export async function getSessionClaims(request: Request): Promise<SessionClaims | null> {
  const header = request.headers.get("cookie");
  const secret = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (!header || !secret) return null;
  const token = readSessionCookie(parseCookies(header));
  if (!token) return null;
  try {
    const payload = await decode({ token, secret });
    const id = Number(payload?.sub);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    return { userId: id, sessionId: typeof payload?.sid === "string" ? payload.sid : null };
  } catch {
    return null;
  }
}
