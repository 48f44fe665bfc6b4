// Where to go after signing in or out: only paths of this site. Browsers read `/\host`
// as `//host` and drop tabs and newlines (`/%09/host`), so anything but a plain path,
// once resolved against a placeholder origin, must stay on that origin.
const PLACEHOLDER = "http://ensign.invalid";

export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return fallback;
  // Backslashes and control characters have no place in a path we hand out.
  if ([...value].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return fallback;
  }
  try {
    const url = new URL(value, PLACEHOLDER);
    if (url.origin !== PLACEHOLDER) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** next-auth's redirect callback: a path of this site on `baseUrl`, else the fallback there. */
export function safeAuthRedirect(url: string, baseUrl: string, fallback = "/"): string {
  let path = fallback;
  if (url.startsWith("/")) path = safeRedirectPath(url, fallback);
  else {
    try {
      const target = new URL(url);
      if (target.origin === new URL(baseUrl).origin) {
        path = safeRedirectPath(`${target.pathname}${target.search}${target.hash}`, fallback);
      }
    } catch {
      // not a URL: the fallback
    }
  }
  return new URL(path, baseUrl).href;
}
