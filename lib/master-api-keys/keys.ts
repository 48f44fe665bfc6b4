// Organisation API keys look like djangorestframework-api-key's: `<prefix>.<secret>`, an
// 8-character prefix (shown in lists, used to find the key) and a 32-character secret, both
// letters and digits. Only a sha256 of the whole key is stored: the keys are random, so a
// fast hash is as good as a slow one.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomString(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejection sampling keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

export const MASTER_KEY_PATTERN = /^([A-Za-z0-9]{8})\.([A-Za-z0-9]{32})$/;

export function generateMasterApiKey(): { prefix: string; key: string } {
  const prefix = randomString(8);
  return { prefix, key: `${prefix}.${randomString(32)}` };
}

export function hashMasterApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
