// Imports in lib/ flow down: each folder may import only folders declared below it in LAYERS,
// so that no domain reaches back up into one that builds on it (issue 25). A new folder has
// to be placed here before it can be imported across folders.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LIB = import.meta.dirname;

/**
 * Top to bottom. Folders on one line are one floor: they may not import each other at all.
 * A file directly under lib/ is named by its file name without the extension.
 */
const LAYERS: string[][] = [
  ["background"],
  ["dashboard", "scheduled"],
  ["change-requests", "route"],
  ["auth", "feature-exports", "impact", "migration", "promotion", "uuid"],
  ["environments", "identities", "overrides"],
  ["features"],
  ["flag-api", "projects", "version", "versions"],
  ["feature-states", "invitations", "segments"],
  ["audit-log", "code-references", "master-api-keys", "permissions", "sdk", "tags", "webhooks"],
  ["organisations"],
  ["audit", "limits", "openapi"],
  ["webhook-outbox", "wire"],
  ["api"],
  ["db", "values"],
  ["diagnostics", "engine", "keys"],
];

/**
 * Imports allowed to run up, each with why it stays; the test fails when one is gone, so the
 * list only shrinks. "from -> to" are folders. Empty: every import in lib/ runs down. An entry
 * here is a debt with a written reason, never a way to skip the floors.
 */
const KNOWN_UPWARD: Record<string, string> = {};

const floorOf = new Map(LAYERS.flatMap((names, floor) => names.map((name) => [name, floor] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(LIB, "db", "generated") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lib/ folder a file belongs to: its first folder under lib/, or its own name at the top. */
function folderOf(file: string): string {
  const [first, ...rest] = path.relative(LIB, file).split(path.sep);
  return rest.length > 0 ? first : first.replace(/\.tsx?$/, "");
}

/** Every cross-folder import in lib/, as "from -> to" with the files that make it. */
function crossFolderImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(LIB)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName: spec } of importedFiles) {
      const target = spec.startsWith("@/lib/")
        ? path.join(LIB, spec.slice("@/lib/".length))
        : spec.startsWith(".")
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (!target || !target.startsWith(LIB + path.sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      found.set(key, [...(found.get(key) ?? []), path.relative(LIB, file)]);
    }
  }
  return found;
}

describe("lib/ layers", () => {
  const imports = crossFolderImports();

  it("places every folder of lib/ in the layer list", () => {
    const folders = new Set(sourceFiles(LIB).map(folderOf));
    expect([...folders].filter((folder) => !floorOf.has(folder)).sort()).toEqual([]);
  });

  it("has each folder import only folders below it", () => {
    const upward = [...imports]
      .filter(([key]) => {
        const [from, to] = key.split(" -> ");
        // LAYERS runs top to bottom: a folder imports only those with a higher index.
        return floorOf.get(from)! >= floorOf.get(to)! && !(key in KNOWN_UPWARD);
      })
      .map(([key, files]) => `${key} (${[...new Set(files)].join(", ")})`);
    expect(upward).toEqual([]);
  });

  it("lists only upward imports that still exist", () => {
    expect(Object.keys(KNOWN_UPWARD).filter((key) => !imports.has(key))).toEqual([]);
  });
});
