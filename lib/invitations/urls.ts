// Where invitation links point: the dashboard's join pages on this site.
import { createHash } from "node:crypto";
import { publicOrigin } from "@/lib/api/public-origin";
import { generateShortKey } from "@/lib/keys";

/** The site's public origin (lib/api/public-origin.ts): never the address the server binds. */
export const siteOrigin = publicOrigin;

export const emailInvitePath = (token: string) => `/join/${token}/`;
export const inviteLinkPath = (hash: string) => `/join/link/${hash}/`;

/** A fresh secret for a link: 32 characters of a 57-character alphabet (~186 bits). */
export const generateInviteToken = () => generateShortKey(32);

/** Only this digest of an email invitation's token is stored. */
export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const normaliseInviteEmail = (email: string) => email.trim().toLowerCase();
