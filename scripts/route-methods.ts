// Part of `npm run build`: writes dist/route-methods.json, the methods every app/**/route.ts
// exports, keyed by its URL pattern. The server answers 405 from it (server/route-methods.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Exported method names of a route file: `export const GET = …`, `export { handler as POST }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g))
    found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(","))
      found.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return METHODS.filter((method) => found.has(method));
}

export function routeMethodTable(appDir: string): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "route.ts")
    .sort();
  for (const file of files) {
    // Route groups `(name)` are not part of the URL.
    const segments = path
      .dirname(file)
      .split(path.sep)
      .filter((s) => s !== "." && !/^\(.*\)$/.test(s));
    table[`/${segments.join("/")}${segments.length ? "/" : ""}`] = exportedMethods(
      readFileSync(path.join(appDir, file), "utf8"),
    );
  }
  return table;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = path.join(root, "dist", "route-methods.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(routeMethodTable(path.join(root, "app")), null, 2)}\n`);
}
