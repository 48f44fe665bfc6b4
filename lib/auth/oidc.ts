// Single sign-on with an OpenID Connect provider (next-auth's OAuth provider over the
// issuer's discovery document), configured by environment variables. Who may come in:
// - an account with the same email, when the provider says the email is verified;
// - a new person whose verified email's domain is in ENSIGN_OIDC_ALLOWED_DOMAINS: the
//   account is created (no password) and joins ENSIGN_OIDC_DEFAULT_ORGANISATION as USER;
// - (once invitations exist) a new person holding a pending invitation for that email.
// Anyone else is refused with a message on the sign-in page. The dashboard session is made
// exactly as for a password sign-in (lib/auth/next-auth.ts).
import { acceptInvitationsForEmail, hasPendingInvitation } from "@/lib/invitations/join";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { TokenSet } from "openid-client";
import { db } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import type { OidcRefusal } from "./oidc-errors";

export const OIDC_PROVIDER_ID = "oidc";

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  allowedDomains: string[];
  defaultOrganisationId: number | null;
};

/** The settings, or null when single sign-on is not configured (issuer and client id unset). */
export function oidcSettings(env: NodeJS.ProcessEnv = process.env): OidcSettings | null {
  const issuer = env.ENSIGN_OIDC_ISSUER?.trim().replace(/\/+$/, "");
  const clientId = env.ENSIGN_OIDC_CLIENT_ID?.trim();
  if (!issuer || !clientId) return null;
  const organisation = Number(env.ENSIGN_OIDC_DEFAULT_ORGANISATION);
  return {
    issuer,
    clientId,
    clientSecret: env.ENSIGN_OIDC_CLIENT_SECRET ?? "",
    name: env.ENSIGN_OIDC_NAME?.trim() || "single sign-on",
    allowedDomains: (env.ENSIGN_OIDC_ALLOWED_DOMAINS ?? "")
      .split(",")
      .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
    defaultOrganisationId: Number.isInteger(organisation) && organisation > 0 ? organisation : null,
  };
}

type OidcProfile = { sub: string; email?: string; email_verified?: boolean | string; name?: string };

export function oidcProvider(settings: OidcSettings): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: settings.name,
    type: "oauth",
    wellKnown: `${settings.issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    // Many providers put email and email_verified only in the userinfo answer, not in the
    // ID token: read both (the ID token is still verified, and userinfo's sub must match it).
    userinfo: {
      async request({ client, tokens }) {
        // next-auth passes openid-client's TokenSet here (typed as its parameters).
        const set = tokens as TokenSet;
        return { ...set.claims(), ...(await client.userinfo(set)) } as OidcProfile;
      },
    },
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    client: settings.clientSecret ? undefined : { token_endpoint_auth_method: "none" },
    profile(profile) {
      return {
        id: profile.sub,
        email: profile.email ? normaliseEmail(profile.email) : null,
        name: profile.name,
      };
    },
  };
}

export type OidcOutcome = { userId: number } | { refused: OidcRefusal };

const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/**
 * The account a verified OIDC identity signs in as, creating it when the email's domain is
 * allowed; `refused` says why not.
 */
export async function resolveOidcUser(
  profile: { email?: string | null; email_verified?: unknown; name?: string | null },
  settings: OidcSettings,
): Promise<OidcOutcome> {
  const verified = profile.email_verified === true || profile.email_verified === "true";
  if (!profile.email || !verified) return { refused: "SsoEmailUnverified" };
  const email = normaliseEmail(profile.email);
  const existing = await db.user.findFirst({ where: { email, isApiKey: false }, select: { id: true } });
  // Pending email invitations are accepted at every sign-in with that verified address.
  if (existing) {
    await acceptInvitationsForEmail(existing.id, email);
    return { userId: existing.id };
  }
  // A new person gets in with an allowed domain (joining the default organisation) or with an
  // invitation (joining the organisations that invited them).
  const domainAllowed = settings.allowedDomains.includes(emailDomain(email));
  if (!domainAllowed && !(await hasPendingInvitation(email))) return { refused: "SsoNoAccount" };
  const [firstName, ...rest] = (profile.name ?? "").trim().split(/\s+/);
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        uuid: generateUuid(),
        email,
        // No password: this account signs in through the identity provider only.
        passwordHash: "",
        firstName: (firstName ?? "").slice(0, 150),
        lastName: rest.join(" ").slice(0, 150),
      },
    });
    const organisationId = domainAllowed ? settings.defaultOrganisationId : null;
    if (organisationId !== null && (await tx.organisation.findUnique({ where: { id: organisationId } }))) {
      await tx.organisationUser.create({ data: { organisationId, userId: created.id, role: "USER" } });
    }
    return created;
  });
  await acceptInvitationsForEmail(user.id, email);
  return { userId: user.id };
}
