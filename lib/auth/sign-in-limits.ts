// The dashboard's sign-in (next-auth's credentials callback) answers 429 with Retry-After when
// the account or the address is over its limit, as the API's login does. next-auth itself can
// only answer 401, so the attempt is reserved before it runs and held for verifyCredentials,
// which settles it: a failure stays counted, anything else is released.
import { errorResponse } from "@/lib/api/error-response";
import { clientAddressOf } from "@/lib/api/client-address";
import { publicUrl } from "@/lib/api/public-origin";
import { holdLoginReservation, reserveLoginAttempt } from "./throttle";

type Handler<C> = (request: Request, context: C) => Promise<Response>;

const isCredentialsCallback = (request: Request) =>
  request.method === "POST" && /\/callback\/credentials\/?$/.test(new URL(request.url).pathname);

export function withSignInLimits<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    if (!isCredentialsCallback(request)) return handler(request, context);
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const email = form?.get("email");
    const subject = {
      email: typeof email === "string" ? email : "",
      address: clientAddressOf(request.headers),
    };
    let reservation;
    try {
      reservation = await reserveLoginAttempt(subject);
    } catch (error) {
      const response = errorResponse(error);
      if (response.status !== 429) return response;
      // next-auth's client reads `url` from every answer (its error parameter included).
      const body = {
        ...(await response.json()),
        url: publicUrl(request, "/api/auth/error?error=Throttled"),
      };
      return new Response(JSON.stringify(body), { status: 429, headers: response.headers });
    }
    return holdLoginReservation(subject, reservation, () => handler(request, context));
  };
}
