// One spelling per path, decided before routing, so every variant of a path reaches the same
// lane and handler with the same limits: `//api/v1/flags/`, `/api/v1/./flags/`,
// `/api/v1/identities/%2e/` and `/api/v1/%66lags/` are all `/api/v1/flags/` or
// `/api/v1/identities/` (and letter case is left alone: `/API/V1/FLAGS/` is simply not found).

/** Characters that may appear in a path that is not already canonical. */
const SUSPECT = /\/\/|\/\.|%|\\/;
const UNRESERVED_ESCAPE = /%(2[dDeE]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;
const DOT_OR_BACKSLASH = /\/\.|\\/;
const MALFORMED_ESCAPE = /%(?![0-9a-fA-F]{2})/;

/** Whether the path's escapes spell UTF-8 (Next decodes route params and 500s when not). */
function escapesAreUtf8(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The canonical form of a request target (origin-form, path and query), or null when its
 * path cannot be a path at all: a `%` not followed by two hex digits, or escapes that are not
 * UTF-8 (`%FF`, `%C3%28`, an escaped surrogate).
 */
export function canonicalRequestUrl(url: string): string | null {
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!rawPath.startsWith("/") || !SUSPECT.test(rawPath)) return url;
  if (MALFORMED_ESCAPE.test(rawPath) || !escapesAreUtf8(rawPath)) return null;
  // Escaped unreserved characters mean the characters themselves (RFC 3986, 6.2.2.2).
  const decoded = rawPath.replace(UNRESERVED_ESCAPE, (escape) =>
    String.fromCharCode(Number.parseInt(escape.slice(1), 16)),
  );
  let path = decoded.replace(/[/\\]{2,}/g, "/");
  // The WHATWG parser resolves `.` and `..` segments and reads `\` as `/`, as browsers do.
  if (DOT_OR_BACKSLASH.test(path)) path = new URL(path, "http://ensign.invalid").pathname;
  return queryStart === -1 ? path : path + url.slice(queryStart);
}
