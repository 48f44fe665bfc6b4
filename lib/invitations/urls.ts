// Where invitation links point: the dashboard's join pages on this site.
import { createHash } from "node:crypto";
import { generateShortKey } from "@/lib/keys";

/** The site's origin: NEXTAUTH_URL when set (the public address), else the request's own. */
export function siteOrigin(request: Request): string {
  const configured = process.env.NEXTAUTH_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // an invalid setting falls back to the request's origin
    }
  }
  return new URL(request.url).origin;
}

export const emailInvitePath = (token: string) => `/join/${token}/`;
export const inviteLinkPath = (hash: string) => `/join/link/${hash}/`;

/** A fresh secret for a link: 32 characters of a 57-character alphabet (~186 bits). */
export const generateInviteToken = () => generateShortKey(32);

/** Only this digest of an email invitation's token is stored. */
export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const normaliseInviteEmail = (email: string) => email.trim().toLowerCase();
