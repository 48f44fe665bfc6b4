// Removes the run's temporary SQLite database (playwright.config.ts creates it).
import { rmSync } from "node:fs";
import path from "node:path";

export default function globalTeardown() {
  const url = process.env.ENSIGN_E2E_DATABASE_URL;
  if (!url?.startsWith("file:")) return;
  const dir = path.dirname(url.slice("file:".length));
  if (path.basename(dir).startsWith("ensign-e2e-")) rmSync(dir, { recursive: true, force: true });
}
