import type { LookupAddress } from "node:dns";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blockedReason,
  blockedUrlReason,
  createGuardedLookup,
  hostAddresses,
  type Resolver,
} from "./network";

const saved = { ...process.env };
beforeEach(() => {
  delete process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  delete process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS;
});
afterEach(() => {
  process.env = { ...saved };
});

// A public address standing for "this server's own interface".
const OWN = "93.184.216.34";
const own = { ownAddresses: () => ["127.0.0.1", "::1", OWN, "2a00:1450:4001:80b::200e"] };
const none = { ownAddresses: () => [] };

describe("webhook network policy", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1 is a loopback address"],
    ["10.20.30.40", "10.20.30.40 is a private address"],
    ["172.31.255.255", "172.31.255.255 is a private address"],
    ["192.168.1.1", "192.168.1.1 is a private address"],
    ["169.254.169.254", "169.254.169.254 is a link-local address (cloud metadata)"],
    ["100.64.0.1", "100.64.0.1 is a shared (carrier-grade NAT) address"],
    ["100.127.255.254", "100.127.255.254 is a shared (carrier-grade NAT) address"],
    ["0.0.0.0", "0.0.0.0 is an unspecified address"],
    ["0.1.2.3", "0.1.2.3 is an unspecified address"],
    ["192.0.0.8", "192.0.0.8 is a reserved address"],
    ["192.0.2.1", "192.0.2.1 is a documentation address"],
    ["198.51.100.7", "198.51.100.7 is a documentation address"],
    ["203.0.113.255", "203.0.113.255 is a documentation address"],
    ["198.18.0.1", "198.18.0.1 is a benchmarking address"],
    ["198.19.255.255", "198.19.255.255 is a benchmarking address"],
    ["192.88.99.1", "192.88.99.1 is a 6to4 relay address"],
    ["224.0.0.251", "224.0.0.251 is a multicast address"],
    ["239.255.255.250", "239.255.255.250 is a multicast address"],
    ["240.0.0.1", "240.0.0.1 is a reserved address"],
    ["255.255.255.255", "255.255.255.255 is the broadcast address"],
    ["::1", "::1 is a loopback address"],
    ["::", ":: is an unspecified address"],
    ["fe80::1", "fe80::1 is a link-local address"],
    ["fe80::1%eth0", "fe80::1 is a link-local address"],
    ["fd00:ec2::254", "fd00:ec2::254 is a private address"],
    ["fc00::1", "fc00::1 is a private address"],
    ["fec0::1", "fec0::1 is a site-local address"],
    ["ff02::1", "ff02::1 is a multicast address"],
    ["2001:db8::1", "2001:db8::1 is a documentation address"],
    ["2001:db8:ffff::1", "2001:db8:ffff::1 is a documentation address"],
    ["3fff::1", "3fff::1 is a documentation address"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo address"],
    ["2001:2::1", "2001:2::1 is a reserved address"],
    ["2002:c000:0204::1", "2002:c000:0204::1 is a 6to4 address"],
    ["64:ff9b::808:808", "64:ff9b::808:808 is a NAT64 address"],
    ["64:ff9b:1::1", "64:ff9b:1::1 is a NAT64 address"],
    ["100::1", "100::1 is a discard-only address"],
    ["::ffff:127.0.0.1", "127.0.0.1 is a loopback address"],
    ["::ffff:a9fe:a9fe", "169.254.169.254 is a link-local address (cloud metadata)"],
    ["::ffff:8.8.8.8", "::ffff:8.8.8.8 is an IPv4-mapped address"],
    ["::ffff:0:808:808", "::ffff:0:808:808 is an IPv4-translated address"],
    ["::8.8.8.8", "::8.8.8.8 is a reserved address"],
    ["5f00::1", "5f00::1 is a reserved address"],
    ["4000::1", "4000::1 is a reserved address"],
  ])("blocks %s", (ip, reason) => {
    expect(blockedReason(ip, none)).toBe(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "198.20.0.1", "2606:4700::1111"])(
    "allows the public address %s",
    (ip) => {
      expect(blockedReason(ip, none)).toBeNull();
    },
  );

  it("blocks the server's own addresses, public ones too", () => {
    expect(blockedReason(OWN, own)).toBe(`${OWN} is an address of this server`);
    expect(blockedReason("2a00:1450:4001:080b:0:0:0:200e", own)).toBe(
      "2a00:1450:4001:080b:0:0:0:200e is an address of this server",
    );
    expect(blockedUrlReason(`http://${OWN}:8080/hook`, own)).toBe(`${OWN} is an address of this server`);
    expect(blockedReason("93.184.216.35", own)).toBeNull();
    // Read from the operating system by default: every interface address of this machine.
    for (const address of hostAddresses()) expect(blockedReason(address), address).not.toBeNull();
  });

  it("allows listed networks, or everything when private networks are allowed", () => {
    process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS = "10.1.0.0/16, fd00:1::/64, 192.168.5.5";
    expect(blockedReason("10.1.2.3", none)).toBeNull();
    expect(blockedReason("10.2.0.1", none)).toBe("10.2.0.1 is a private address");
    expect(blockedReason("fd00:1::9", none)).toBeNull();
    expect(blockedReason("192.168.5.5", none)).toBeNull();
    expect(blockedReason("192.168.5.6", none)).not.toBeNull();
    process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
    expect(blockedReason("127.0.0.1", own)).toBeNull();
    expect(blockedReason("192.0.2.1", own)).toBeNull();
    expect(blockedReason(OWN, own)).toBeNull();
  });

  it("checks URLs whose host is an address or localhost; names wait for the delivery", () => {
    expect(blockedUrlReason("http://[::1]:8000/x", none)).toBe("::1 is a loopback address");
    expect(blockedUrlReason("http://LOCALHOST/", none)).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("http://api.localhost/", none)).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("http://2130706433/", none)).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("http://[2001:db8::5]/", none)).toBe("2001:db8::5 is a documentation address");
    expect(blockedUrlReason("http://3325256705/", none)).toBe("198.51.100.1 is a documentation address");
    expect(blockedUrlReason("https://example.com/", none)).toBeNull();
  });
});

describe("the guarded lookup (stubbed resolver: nothing is resolved or sent)", () => {
  const stub =
    (answers: Record<string, string[]>): Resolver =>
    (hostname, _options, callback) => {
      const found = answers[hostname];
      if (!found) return callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);
      callback(
        null,
        found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      );
    };
  const lookupOf = (name: string, answers: Record<string, string[]>, all = false) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      createGuardedLookup(stub(answers), own)(name, { all }, (error, address, family) =>
        resolve({ error, result: all ? address : { address, family } }),
      ),
    );

  it.each([
    ["docs.test", ["192.0.2.44"], "192.0.2.44 is a documentation address"],
    ["bench.test", ["198.18.5.5"], "198.18.5.5 is a benchmarking address"],
    ["v6docs.test", ["2001:db8::44"], "2001:db8::44 is a documentation address"],
    ["self.test", [OWN], `${OWN} is an address of this server`],
    ["mixed.test", ["8.8.8.8", "10.0.0.1"], "10.0.0.1 is a private address"],
    ["nat64.test", ["64:ff9b::a00:1"], "64:ff9b::a00:1 is a NAT64 address"],
  ])("refuses %s (%j)", async (name, answers, reason) => {
    const { error } = await lookupOf(name, { [name]: answers });
    expect(error?.message).toMatch(new RegExp(`^Blocked: ${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")};`));
  });

  it("answers public addresses as the client asked (one, or all)", async () => {
    const answers = { "public.test": ["8.8.8.8", "2606:4700::1111"] };
    expect(await lookupOf("public.test", answers)).toEqual({
      error: null,
      result: { address: "8.8.8.8", family: 4 },
    });
    const all = await lookupOf("public.test", answers, true);
    expect(all.result as LookupAddress[]).toHaveLength(2);
  });

  it("passes resolver errors through", async () => {
    const { error } = await lookupOf("missing.test", {});
    expect((error as NodeJS.ErrnoException).code).toBe("ENOTFOUND");
  });
});
