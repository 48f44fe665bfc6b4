// GET/POST /api/auth/* — next-auth: the dashboard's sign-in, sign-out and session
import NextAuth from "next-auth";
import { withValidCallbackUrl } from "@/lib/auth/callback-url";
import { authOptions } from "@/lib/auth/next-auth";
import { withSignInLimits } from "@/lib/auth/sign-in-limits";

const handler = withValidCallbackUrl(withSignInLimits(NextAuth(authOptions)));

export { handler as GET, handler as POST };
