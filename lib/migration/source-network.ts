// Which import sources the server may call. The same policy as webhooks (lib/webhooks/network.ts:
// public unicast addresses only, checked on the address actually connected to), because an
// organisation admin chooses the URL. One addition: ENSIGN_IMPORT_ALLOW_LOOPBACK=true allows
// loopback addresses, for a source on the same host (a second instance in tests, a tunnel).
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { blockedReason } from "@/lib/webhooks/network";

export const loopbackAllowed = () => process.env.ENSIGN_IMPORT_ALLOW_LOOPBACK === "true";

function isLoopback(ip: string): boolean {
  const raw = ip.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "");
  return raw === "::1" || /^127\./.test(raw);
}

/** Why the source may not be at this address, or null when it may. */
export function sourceAddressRefusal(ip: string): string | null {
  if (loopbackAllowed() && isLoopback(ip)) return null;
  return blockedReason(ip);
}

/** The refusal for a URL: its scheme, and its host when written as an address or localhost. */
export function sourceUrlRefusal(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a valid URL.";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "The URL must use http or https.";
  if (parsed.username || parsed.password) return "The URL must not contain credentials.";
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost"))
    return refusalText(sourceAddressRefusal("127.0.0.1"));
  return isIP(host) ? refusalText(sourceAddressRefusal(host)) : null;
}

function refusalText(reason: string | null): string | null {
  return reason
    ? `Refused: ${reason}; import sources must be public (ENSIGN_IMPORT_ALLOW_LOOPBACK, ENSIGN_WEBHOOK_ALLOWED_NETWORKS)`
    : null;
}

/** A DNS lookup that refuses a connection when any answer for the name is refused. */
export const sourceLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    if (!addresses.length) return callback(new Error(`No address for ${hostname}`), "", 0);
    for (const a of addresses) {
      const reason = refusalText(sourceAddressRefusal(a.address));
      if (reason) return callback(new Error(reason), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
