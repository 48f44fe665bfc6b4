import { afterEach, describe, expect, it } from "vitest";
import { blockedReason, blockedUrlReason } from "./network";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("webhook network policy", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1 is a loopback address"],
    ["10.20.30.40", "10.20.30.40 is a private address"],
    ["172.31.255.255", "172.31.255.255 is a private address"],
    ["192.168.1.1", "192.168.1.1 is a private address"],
    ["169.254.169.254", "169.254.169.254 is a link-local address (cloud metadata)"],
    ["100.64.0.1", "100.64.0.1 is a shared (carrier-grade NAT) address"],
    ["0.0.0.0", "0.0.0.0 is an unspecified address"],
    ["::1", "::1 is a loopback address"],
    ["::", ":: is an unspecified address"],
    ["fe80::1", "fe80::1 is a link-local address"],
    ["fd00:ec2::254", "fd00:ec2::254 is a private address"],
    ["::ffff:127.0.0.1", "127.0.0.1 is a loopback address"],
    ["::ffff:a9fe:a9fe", "169.254.169.254 is a link-local address (cloud metadata)"],
  ])("blocks %s", (ip, reason) => {
    delete process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    delete process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS;
    expect(blockedReason(ip)).toBe(reason);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (ip) => {
      delete process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS;
      expect(blockedReason(ip)).toBeNull();
    },
  );

  it("allows listed networks, or everything when private networks are allowed", () => {
    process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS = "10.1.0.0/16, fd00:1::/64, 192.168.5.5";
    expect(blockedReason("10.1.2.3")).toBeNull();
    expect(blockedReason("10.2.0.1")).toBe("10.2.0.1 is a private address");
    expect(blockedReason("fd00:1::9")).toBeNull();
    expect(blockedReason("192.168.5.5")).toBeNull();
    expect(blockedReason("192.168.5.6")).not.toBeNull();
    process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
    expect(blockedReason("127.0.0.1")).toBeNull();
  });

  it("checks URLs whose host is an address or localhost; names wait for the delivery", () => {
    delete process.env.ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    delete process.env.ENSIGN_WEBHOOK_ALLOWED_NETWORKS;
    expect(blockedUrlReason("http://[::1]:8000/x")).toBe("::1 is a loopback address");
    expect(blockedUrlReason("http://LOCALHOST/")).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("http://api.localhost/")).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("http://2130706433/")).toBe("127.0.0.1 is a loopback address");
    expect(blockedUrlReason("https://example.com/")).toBeNull();
  });
});
