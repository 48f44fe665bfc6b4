// Which addresses webhooks may be sent to. By default only public unicast ones: a webhook URL
// is chosen by any project member, and the server usually sits next to things a member must
// not reach through it (cloud metadata at 169.254.169.254, databases, admin ports on
// loopback, and the host itself on any of its interfaces, public or not). Every
// special-purpose range of IANA's IPv4 and IPv6 registries is refused, and IPv6 outside
// global unicast (2000::/3) altogether. The check runs on the address a delivery actually
// connects to (see createGuardedLookup), so a name that resolves to a public address when
// saved and to a refused one later (DNS rebinding) is still refused.
//   ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS=true  allows every address (trusted single-team installs)
//   ENSIGN_WEBHOOK_ALLOWED_NETWORKS=10.1.0.0/16,fd00:1::/64  allows these networks only
import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { networkInterfaces } from "node:os";

type Family = "ipv4" | "ipv6";

// The first match gives the reason, so narrower ranges come before the blocks that hold them.
const RANGES: [string, number, Family, string][] = [
  ["0.0.0.0", 8, "ipv4", "an unspecified address"],
  ["10.0.0.0", 8, "ipv4", "a private address"],
  ["100.64.0.0", 10, "ipv4", "a shared (carrier-grade NAT) address"],
  ["127.0.0.0", 8, "ipv4", "a loopback address"],
  ["169.254.0.0", 16, "ipv4", "a link-local address (cloud metadata)"],
  ["172.16.0.0", 12, "ipv4", "a private address"],
  ["192.0.0.0", 24, "ipv4", "a reserved address"],
  ["192.0.2.0", 24, "ipv4", "a documentation address"],
  ["192.31.196.0", 24, "ipv4", "a reserved address"],
  ["192.52.193.0", 24, "ipv4", "a reserved address"],
  ["192.88.99.0", 24, "ipv4", "a 6to4 relay address"],
  ["192.168.0.0", 16, "ipv4", "a private address"],
  ["192.175.48.0", 24, "ipv4", "a reserved address"],
  ["198.18.0.0", 15, "ipv4", "a benchmarking address"],
  ["198.51.100.0", 24, "ipv4", "a documentation address"],
  ["203.0.113.0", 24, "ipv4", "a documentation address"],
  ["224.0.0.0", 4, "ipv4", "a multicast address"],
  ["255.255.255.255", 32, "ipv4", "the broadcast address"],
  ["240.0.0.0", 4, "ipv4", "a reserved address"],
  ["::", 128, "ipv6", "an unspecified address"],
  ["::1", 128, "ipv6", "a loopback address"],
  ["::ffff:0:0", 96, "ipv6", "an IPv4-mapped address"],
  ["::ffff:0:0:0", 96, "ipv6", "an IPv4-translated address"],
  ["64:ff9b::", 96, "ipv6", "a NAT64 address"],
  ["64:ff9b:1::", 48, "ipv6", "a NAT64 address"],
  ["100::", 64, "ipv6", "a discard-only address"],
  ["2001::", 32, "ipv6", "a Teredo address"],
  ["2001:db8::", 32, "ipv6", "a documentation address"],
  ["2001::", 23, "ipv6", "a reserved address"],
  ["2002::", 16, "ipv6", "a 6to4 address"],
  ["2620:4f:8000::", 48, "ipv6", "a reserved address"],
  ["3fff::", 20, "ipv6", "a documentation address"],
  ["fc00::", 7, "ipv6", "a private address"],
  ["fe80::", 10, "ipv6", "a link-local address"],
  ["fec0::", 10, "ipv6", "a site-local address"],
  ["ff00::", 8, "ipv6", "a multicast address"],
];

const blocked = RANGES.map(([network, prefix, type, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, type, reason };
});

const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

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

/** The addresses of this host's own interfaces (read each time: interfaces come and go). */
export function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((nic) => (nic ? [nic.address.replace(/%.*$/, "")] : []));
}

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:7f00:1) as plain IPv4, for the reason. */
function unmapped(address: string): string {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return address;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const list = new BlockList();
  const family = isIP(b) === 6 ? "ipv6" : "ipv4";
  try {
    list.addAddress(b, family);
    return list.check(a, isIP(a) === 6 ? "ipv6" : "ipv4");
  } catch {
    return false;
  }
}

export type AddressPolicyOptions = {
  /** This host's interface addresses (default: read from the operating system). */
  ownAddresses?: () => string[];
};

/** Why webhooks may not go to this IP address, or null when they may. */
export function blockedReason(ip: string, options: AddressPolicyOptions = {}): string | null {
  if (privateNetworksAllowed()) return null;
  const raw = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(raw);
  if (version === 0) return null;
  const type: Family = version === 6 ? "ipv6" : "ipv4";
  if (allowedNetworks()?.check(raw, type)) return null;
  // A mapped IPv4 address is refused whatever it maps to; the reason names what it maps to
  // when that is refused too.
  const v4 = unmapped(raw);
  if (v4 !== raw) {
    const inner = blockedReason(v4, options);
    if (inner) return inner;
  }
  // BlockList matches IPv4 addresses against IPv6 subnets as if mapped: compare like with like.
  const hit = blocked.find((b) => b.type === type && b.list.check(raw, type));
  if (hit) return `${raw} is ${hit.reason}`;
  if (type === "ipv6" && !globalUnicast.check(raw, type)) return `${raw} is a reserved address`;
  const own = (options.ownAddresses ?? hostAddresses)();
  if (own.some((address) => sameAddress(raw, address))) return `${raw} is an address of this server`;
  return null;
}

/** The same for a URL whose host is written as an address (or is localhost); names are checked when sent. */
export function blockedUrlReason(url: string, options: AddressPolicyOptions = {}): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return null;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return blockedReason("127.0.0.1", options);
  return isIP(host) ? blockedReason(host, options) : null;
}

export class BlockedAddressError extends Error {
  constructor(reason: string) {
    super(
      `Blocked: ${reason}; webhooks go to public addresses only (ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS, ENSIGN_WEBHOOK_ALLOWED_NETWORKS)`,
    );
  }
}

/** How names are resolved: node:dns's lookup with `all: true`, or a stub in tests. */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A DNS lookup for the HTTP client that refuses the connection when any answer is refused,
 * so the client cannot fall back from a refused address to another.
 */
export function createGuardedLookup(
  resolve: Resolver = systemResolver,
  options: AddressPolicyOptions = {},
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0) return callback(new Error(`No address for ${hostname}`), "", 0);
      for (const a of addresses) {
        const reason = blockedReason(a.address, options);
        if (reason) return callback(new BlockedAddressError(reason), "", 0);
      }
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export const guardedLookup: LookupFunction = createGuardedLookup();
