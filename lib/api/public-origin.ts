// The one place Ensign learns its own public address, for every absolute URL it hands out
// (invitation links and emails, paging links, next-auth's redirects). Behind the production
// server a route handler's `request.url` carries the listen address (`http://0.0.0.0:8000`),
// which nobody else can open, so it is never used. The order: NEXTAUTH_URL when set (the
// operator's word), else the Host the client used; X-Forwarded-Host and -Proto count only
// behind ENSIGN_TRUSTED_PROXIES, as X-Forwarded-For does for the client address.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { trustedProxies } from "./client-address";

type HeaderSource = Headers | IncomingHttpHeaders;

function header(headers: HeaderSource, name: string): string | undefined {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const text = Array.isArray(value) ? value.join(",") : value;
  return text ?? undefined;
}

/** The value the proxy next to Ensign wrote: the last of a comma-separated list. */
function lastValue(value: string | undefined): string | undefined {
  const last = value?.split(",").at(-1)?.trim();
  return last || undefined;
}

/** NEXTAUTH_URL's origin, or undefined when unset or not an http(s) URL. */
export function configuredOrigin(): string | undefined {
  const configured = process.env.NEXTAUTH_URL;
  if (!configured) return undefined;
  try {
    const url = new URL(configured);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

// A host and an optional port, nothing else: no user, path, query or spaces.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const BIND_ALL = new Set(["0.0.0.0", "[::]"]);

/** `proto://host` when the host is a plain host[:port], else undefined. */
function originOf(proto: string, host: string | undefined): string | undefined {
  if (!host || !HOST.test(host)) return undefined;
  try {
    const url = new URL(`${proto}://${host}`);
    return BIND_ALL.has(url.hostname) ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The public origin for requests with these headers. `fallback` (an origin) answers only a
 * request without a usable Host header; its wildcard bind address becomes `localhost`.
 */
export function publicOriginOf(headers: HeaderSource, fallback: string): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  let proto = "http";
  if (trustedProxies() > 0) {
    const forwardedProto = lastValue(header(headers, "x-forwarded-proto"))?.toLowerCase();
    if (forwardedProto === "https") proto = "https";
    const forwarded = originOf(proto, lastValue(header(headers, "x-forwarded-host")));
    if (forwarded) return forwarded;
  }
  const direct = originOf(proto, header(headers, "host"));
  if (direct) return direct;
  const url = new URL(fallback);
  if (BIND_ALL.has(url.hostname)) url.hostname = "localhost";
  return url.origin;
}

/**
 * Called by the server for every request it hands to Next: X-Forwarded-Host and -Proto are
 * replaced by the public origin's, so next-auth (which reads them) and Next itself see
 * exactly what publicOrigin decided, and a client's own forwarded headers are dropped.
 */
export function stampPublicOrigin(req: IncomingMessage): void {
  const url = new URL(publicOriginOf(req.headers, `http://localhost:${req.socket.localPort ?? 80}`));
  req.headers["x-forwarded-host"] = url.host;
  req.headers["x-forwarded-proto"] = url.protocol.slice(0, -1);
}

/** The public origin of a route handler's request. */
export function publicOrigin(request: Request): string {
  return publicOriginOf(request.headers, new URL(request.url).origin);
}

/** An absolute URL on the public origin: a path, or the path and query of `url`. */
export function publicUrl(request: Request, path: string | URL): string {
  const relative = typeof path === "string" ? path : `${path.pathname}${path.search}${path.hash}`;
  // Joined as text: a relative URL of `//host` must stay a path here, not name a host.
  return new URL(`${publicOrigin(request)}${relative}`).href;
}
