// next-auth refuses to run in production without a secret. A fresh clone must start with
// no configuration, so when NEXTAUTH_SECRET is not given, one is generated once and kept
// beside the data (instances sharing one database must share NEXTAUTH_SECRET explicitly).
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function ensureAuthSecret(root: string): void {
  if (process.env.NEXTAUTH_SECRET) return;
  const file = path.join(root, "data", ".nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  process.env.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
}
