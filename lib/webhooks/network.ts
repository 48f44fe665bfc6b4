// Which addresses webhooks may be sent to. By default only public ones: a webhook URL is
// chosen by any project member, and the server usually sits next to things a member must
// not reach through it (cloud metadata at 169.254.169.254, databases, admin ports on
// loopback). The check runs on the address a delivery actually connects to (see
// guardedLookup), so a name that resolves to a public address when saved and to a private
// one later (DNS rebinding) is still refused.
//   ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS=true  allows every address (trusted single-team installs)
//   ENSIGN_WEBHOOK_ALLOWED_NETWORKS=10.1.0.0/16,fd00:1::/64  allows these networks only
import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";

const RANGES: [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "an unspecified address"],
  ["10.0.0.0", 8, "ipv4", "a private address"],
  ["100.64.0.0", 10, "ipv4", "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "ipv4", "a loopback address"],
  ["169.254.0.0", 16, "ipv4", "a link-local address (cloud metadata)"],
  ["172.16.0.0", 12, "ipv4", "a private address"],
  ["192.0.0.0", 24, "ipv4", "a reserved address"],
  ["192.168.0.0", 16, "ipv4", "a private address"],
  ["198.18.0.0", 15, "ipv4", "a reserved address"],
  ["224.0.0.0", 4, "ipv4", "a multicast address"],
  ["240.0.0.0", 4, "ipv4", "a reserved address"],
  ["::", 128, "ipv6", "an unspecified address"],
  ["::1", 128, "ipv6", "a loopback address"],
  ["64:ff9b:1::", 48, "ipv6", "a private address"],
  ["fc00::", 7, "ipv6", "a private address"],
  ["fe80::", 10, "ipv6", "a link-local address"],
  ["ff00::", 8, "ipv6", "a multicast address"],
];

const blocked = RANGES.map(([network, prefix, type, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, reason };
});

function allowedNetworks(): BlockList | null {
  const setting = process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS?.trim();
  if (!setting) return null;
  const list = new BlockList();
  for (const cidr of setting
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [network, prefix] = cidr.split("/");
    const type = isIP(network) === 6 ? "ipv6" : "ipv4";
    list.addSubnet(network, prefix === undefined ? (type === "ipv6" ? 128 : 32) : Number(prefix), type);
  }
  return list;
}

export const privateNetworksAllowed = () => process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS === "true";

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:7f00:1) as plain IPv4. */
function unmapped(address: string): string {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return address;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Why webhooks may not go to this IP address, or null when they may. */
export function blockedReason(ip: string): string | null {
  if (privateNetworksAllowed()) return null;
  const address = unmapped(ip.replace(/^\[|\]$/g, ""));
  const type = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (isIP(address) === 0) return null;
  if (allowedNetworks()?.check(address, type)) return null;
  const hit = blocked.find((b) => b.list.check(address, type));
  return hit ? `${address} is ${hit.reason}` : null;
}

/** The same for a URL whose host is written as an address (or is localhost); names are checked when sent. */
export function blockedUrlReason(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return null;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return blockedReason("127.0.0.1");
  return isIP(host) ? blockedReason(host) : null;
}

export class BlockedAddressError extends Error {
  constructor(reason: string) {
    super(
      `Blocked: ${reason}; webhooks go to public addresses only (ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS, ENSIGN_WEBHOOK_ALLOWED_NETWORKS)`,
    );
  }
}

/** A DNS lookup for the HTTP client that refuses the connection when an answer is blocked. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    for (const a of addresses) {
      const reason = blockedReason(a.address);
      if (reason) return callback(new BlockedAddressError(reason), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
