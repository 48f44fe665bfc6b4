// Where to go after signing in or out: only paths of this site. Browsers read `/\host`
// as `//host` and drop tabs and newlines (`/%09/host`), and dot segments can leave a path
// that starts with `//` once resolved (`/..//host`). So the answer is judged by where it
// leads, not by how it is spelled: resolved against an origin, it must stay on that origin,
// and the path handed out must resolve there again.
const PLACEHOLDER = "http://ensign.invalid";

/** `url` (absolute or relative) resolved against `origin`, if it stays there. */
function sameOriginPath(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return null;
    const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    // A path such as `//host` or `/\host` leads elsewhere when a browser follows it.
    return new URL(path, origin).origin === origin && path.startsWith("/") && !/^\/[/\\]/.test(path)
      ? path
      : null;
  } catch {
    return null;
  }
}

export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return fallback;
  // Backslashes and control characters have no place in a path we hand out.
  if ([...value].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return fallback;
  }
  return sameOriginPath(value, PLACEHOLDER) ?? fallback;
}

/** next-auth's redirect callback: a path of this site on `baseUrl`, else the fallback there. */
export function safeAuthRedirect(url: string, baseUrl: string, fallback = "/"): string {
  const origin = new URL(baseUrl).origin;
  let path = fallback;
  if (url.startsWith("/")) path = safeRedirectPath(url, fallback);
  else {
    try {
      const target = new URL(url);
      if (target.origin === origin) {
        path = safeRedirectPath(`${target.pathname}${target.search}${target.hash}`, fallback);
      }
    } catch {
      // not a URL: the fallback
    }
  }
  const resolved = new URL(`${origin}${path}`);
  return resolved.origin === origin ? resolved.href : `${origin}${fallback}`;
}
