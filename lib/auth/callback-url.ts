// next-auth answers its own 500 page ("server configuration") when the callbackUrl query
// parameter or cookie is not an http(s) URL (`?callbackUrl=foo`). Such a value is bad input,
// not a server fault: a page view is sent to the same page without it, anything else gets a
// 400, and a bad cookie is cleared either way. Where a valid callbackUrl may lead is decided
// later, by next-auth's redirect callback (lib/auth/redirect.ts).
const COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** What next-auth accepts: an absolute http(s) URL, or a path starting with `/`. */
export function isAcceptedCallbackUrl(value: string): boolean {
  try {
    return /^https?:$/.test(
      new URL(value, value.startsWith("/") ? "http://ensign.invalid" : undefined).protocol,
    );
  } catch {
    return false;
  }
}

function cookieValues(header: string | null): Map<string, string> {
  const values = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const raw = part.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // kept as sent
    }
    values.set(part.slice(0, at).trim(), value);
  }
  return values;
}

export function withValidCallbackUrl<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const url = new URL(request.url);
    const param = url.searchParams.get("callbackUrl");
    const badParam = param !== null && param !== "" && !isAcceptedCallbackUrl(param);
    const cookies = cookieValues(request.headers.get("cookie"));
    const badCookies = COOKIES.filter((name) => {
      const value = cookies.get(name);
      return value !== undefined && value !== "" && !isAcceptedCallbackUrl(value);
    });
    if (!badParam && badCookies.length === 0) return handler(request, context);
    const headers = new Headers();
    for (const name of badCookies) {
      const secure = name.startsWith("__Secure-") ? "; Secure" : "";
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    }
    if (request.method === "GET" || request.method === "HEAD") {
      if (badParam) url.searchParams.delete("callbackUrl");
      headers.set("Location", `${url.pathname}${url.search}`);
      return new Response(null, { status: 302, headers });
    }
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ detail: "Invalid callback URL." }), { status: 400, headers });
  };
}
