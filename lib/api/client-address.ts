// The client address the sign-in limits count per. Route handlers cannot see the socket, so
// the server stamps every request with a header of its own, overwriting whatever the client
// sent; behind ENSIGN_TRUSTED_PROXIES reverse proxies the address is the one the outermost
// trusted proxy appended to X-Forwarded-For.
import type { IncomingMessage } from "node:http";

export const CLIENT_ADDRESS_HEADER = "x-ensign-client-address";

export function trustedProxies(): number {
  const value = Number(process.env.ENSIGN_TRUSTED_PROXIES ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** The address `hops` proxies away from the socket: [...X-Forwarded-For, socket] read from the right. */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, hops: number) {
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - hops)];
}

/** The client address of a request as the server receives it (socket and X-Forwarded-For). */
export function requestClientAddress(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  // Without X-Forwarded-For the socket's address is the answer, however many proxies are trusted.
  if (forwarded === undefined) return req.socket.remoteAddress ?? "unknown";
  return resolveClientAddress(
    req.socket.remoteAddress ?? "unknown",
    Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    trustedProxies(),
  );
}

/** Called by the server for every request it hands to Next. */
export function stampClientAddress(req: IncomingMessage): void {
  req.headers[CLIENT_ADDRESS_HEADER] = requestClientAddress(req);
}

/** The stamped address; "unknown" when not served by server/main.ts (next dev). */
export function clientAddressOf(headers: Headers | Record<string, unknown>): string {
  const value =
    headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers[CLIENT_ADDRESS_HEADER];
  return typeof value === "string" && value ? value : "unknown";
}
