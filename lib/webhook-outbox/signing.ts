// Flagsmith's webhook signature: the hex HMAC-SHA256 of the exact body, keyed by the
// webhook's secret, in X-Flagsmith-Signature. Receivers recompute it to trust the body.
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "X-Flagsmith-Signature";

export function signPayload(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** Flagsmith serialises with sorted keys (json.dumps(sort_keys=True)); so do we. */
export function encodePayload(payload: unknown): string {
  return JSON.stringify(sortKeys(payload));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
