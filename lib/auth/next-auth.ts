// next-auth for the dashboard: email and password against Ensign's own accounts, kept in
// an encrypted JWT cookie that carries the user id and a server-side session id. The API's
// route wrapper reads the same cookie (lib/auth/session.ts), so the dashboard calls /api/v1
// without an API token; signing out deletes the session row, so a copied cookie stops working.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientAddressOf } from "@/lib/api/client-address";
import { OIDC_PROVIDER_ID, oidcProvider, oidcSettings, resolveOidcUser } from "./oidc";
import { safeAuthRedirect } from "./redirect";
import { createDashboardSession, endDashboardSession, isDashboardSessionLive } from "./sessions";
import { verifyCredentials } from "./users";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// Single sign-on (lib/auth/oidc.ts) when ENSIGN_OIDC_ISSUER and ENSIGN_OIDC_CLIENT_ID are set.
const oidc = oidcSettings();

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Ensign",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        const address = clientAddressOf((req?.headers ?? {}) as Record<string, unknown>);
        const user = await verifyCredentials(credentials.email, credentials.password, address);
        return user ? { id: String(user.id), email: user.email } : null;
      },
    }),
    ...(oidc ? [oidcProvider(oidc)] : []),
  ],
  callbacks: {
    // An OIDC identity becomes the Ensign account it resolves to, or is sent back to the
    // sign-in page with the reason; the jwt callback below then makes the usual session.
    async signIn({ user, account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID || !oidc) return true;
      const outcome = await resolveOidcUser({ ...profile, email: user.email }, oidc);
      if ("refused" in outcome) return `/login/?error=${outcome.refused}`;
      user.id = String(outcome.userId);
      return true;
    },
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sid = await createDashboardSession(Number(user.id), SESSION_MAX_AGE_SECONDS);
        return token;
      }
      // Every session read checks the record; throwing makes next-auth clear the cookie.
      const live =
        typeof token.sid === "string" && (await isDashboardSessionLive(token.sid, Number(token.sub)));
      if (!live) throw new Error("The session has ended.");
      return token;
    },
    session({ session, token }) {
      return { ...session, user: { ...session.user, id: token.sub } };
    },
    // Only paths of this site. Without NEXTAUTH_URL, baseUrl is the origin the browser used
    // (lib/auth/start-up.ts), not next-auth's http://localhost:3000.
    redirect({ url, baseUrl }) {
      return safeAuthRedirect(url, baseUrl);
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await endDashboardSession(token.sid);
    },
  },
};
