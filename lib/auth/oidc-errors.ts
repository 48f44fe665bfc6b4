// Why a single sign-on was refused or failed: the sign-in page shows these for ?error=<code>
// (codes of lib/auth/oidc.ts, and next-auth's own for the OAuth steps).
export const SSO_ERRORS: Record<string, string> = {
  SsoEmailUnverified:
    "Your identity provider did not confirm your email address, so Ensign cannot sign you in.",
  SsoNoAccount:
    "There is no Ensign account for this email. Ask an organisation admin to invite you, then sign in again.",
  OAuthSignin: "Single sign-on could not start. Try again, or ask your administrator.",
  OAuthCallback: "Single sign-on did not complete. Try again, or ask your administrator.",
  AccessDenied: "Single sign-on was refused.",
};

export type OidcRefusal = "SsoEmailUnverified" | "SsoNoAccount";
