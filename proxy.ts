// Dashboard pages need a signed-in session; everything else (the API, sign-in, sign-up,
// health checks, the version probe, static files) is let through and authenticates on its own.
import { withAuth } from "next-auth/middleware";

export default withAuth({ pages: { signIn: "/login" } });

export const config = {
  matcher: [
    "/((?!api/|_next/|health/|version/|login|signup|join/|favicon\\.ico|.*\\.(?:svg|png|ico|txt)$).*)",
  ],
};
