// A webhook URL as the audit log and organisation webhooks show it. Receivers often put their
// credential in the URL (user:password@, ?token=, or a path ending in a token as Slack's and
// Discord's hooks do), and the audit log is read by more people than may manage webhooks.
// Kept: scheme, host, port and the path but for a long last segment; masked: userinfo, every
// query value (names stay), the fragment, and a last path segment of 16 characters or more.
const MASK = "****";
const TOKEN_LENGTH = 16;

export function redactWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASK;
  }
  const userinfo = parsed.username || parsed.password ? `${MASK}@` : "";
  const segments = parsed.pathname.split("/");
  const last = segments.findLastIndex((s) => s !== "");
  if (last >= 0 && segments[last].length >= TOKEN_LENGTH) segments[last] = MASK;
  const query = [...parsed.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${MASK}`).join("&");
  const raw = parsed.search.slice(1);
  return [
    `${parsed.protocol}//${userinfo}${parsed.host}${segments.join("/")}`,
    // A query without `=` pairs (e.g. ?secret) is masked whole.
    raw ? `?${query || MASK}` : "",
    parsed.hash ? `#${MASK}` : "",
  ].join("");
}
