// X-Environment-Key → snapshot, with Flagsmith's exact refusals (always 403, never 401):
// missing key or a client key where a server key is required → "Environment key" (lower-case
// k); an unknown, revoked or expired key → "Environment Key"; an organisation that stopped
// serving flags → its own message.
import { cachedEnvironmentKey, resolveEnvironmentKey } from "./cache";
import type { SdkSnapshot } from "./snapshot";

export const MISSING_KEY = "Invalid or missing Environment key";
export const UNKNOWN_KEY = "Invalid or missing Environment Key";
export const STOPPED_SERVING = "Organisation is disabled from serving flags.";

export type SdkAuthResult =
  | { ok: true; snapshot: SdkSnapshot; isServerKey: boolean; apiKey: string }
  | { ok: false; detail: string; snapshot?: SdkSnapshot };

/**
 * The same answer as authenticateSdkKey, at once, when the key's environment is compiled and
 * cached (every call but the first); undefined when only the asynchronous path can tell.
 */
export function authenticateCachedSdkKey(
  rawKey: string | null | undefined,
  { serverKeyOnly = false }: { serverKeyOnly?: boolean } = {},
): SdkAuthResult | undefined {
  const key = rawKey?.trim();
  if (!key) return { ok: false, detail: MISSING_KEY };
  if (serverKeyOnly && !key.startsWith("ser.")) return { ok: false, detail: MISSING_KEY };
  const resolved = cachedEnvironmentKey(key);
  if (!resolved) return undefined;
  const { snapshot, isServerKey } = resolved;
  if (snapshot.stopServingFlags) return { ok: false, detail: STOPPED_SERVING, snapshot };
  return { ok: true, snapshot, isServerKey, apiKey: snapshot.clientKey };
}

export async function authenticateSdkKey(
  rawKey: string | null | undefined,
  { serverKeyOnly = false }: { serverKeyOnly?: boolean } = {},
): Promise<SdkAuthResult> {
  const key = rawKey?.trim();
  if (!key) return { ok: false, detail: MISSING_KEY };
  if (serverKeyOnly && !key.startsWith("ser.")) return { ok: false, detail: MISSING_KEY };
  const resolved = await resolveEnvironmentKey(key);
  if (!resolved) return { ok: false, detail: UNKNOWN_KEY };
  const { snapshot, isServerKey } = resolved;
  if (snapshot.stopServingFlags) return { ok: false, detail: STOPPED_SERVING, snapshot };
  return { ok: true, snapshot, isServerKey, apiKey: snapshot.clientKey };
}
