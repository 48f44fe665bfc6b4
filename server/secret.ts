// next-auth refuses to run in production without a secret. A fresh clone must start with
// no configuration, so when NEXTAUTH_SECRET is not given, one is generated once and kept
// beside the data (instances sharing one database must share NEXTAUTH_SECRET explicitly).
// The file is written whole or not at all (temporary file, then rename), so a crash during
// the very first start cannot leave an empty secret behind; one found empty is replaced.
// It is readable by its owner only.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export function ensureAuthSecret(root: string): void {
  if (process.env.NEXTAUTH_SECRET) return;
  const file = path.join(root, "data", ".nextauth-secret");
  let secret = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (!secret) {
    secret = randomBytes(32).toString("hex");
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, secret, { mode: 0o600 });
    renameSync(temporary, file);
  }
  chmodSync(file, 0o600);
  process.env.NEXTAUTH_SECRET = secret;
}
