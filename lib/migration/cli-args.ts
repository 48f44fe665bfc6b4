// Arguments and the progress bar of the import and verify commands (scripts/*-flagsmith.ts).
import { db } from "@/lib/db/client";

export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`Unexpected argument: ${argv[i]}`);
    out[m[1]] = m[2] ?? (argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "true");
  }
  return out;
}

export function optionalInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a number`);
  return Number(value);
}

/** The Ensign organisation to import into: --into, or the only one there is. */
export async function targetOrganisation(into: string | undefined): Promise<number> {
  const wanted = optionalInt(into, "into");
  if (wanted !== undefined) {
    if (!(await db.organisation.findUnique({ where: { id: wanted } })))
      throw new Error(`No organisation ${wanted} in Ensign`);
    return wanted;
  }
  const all = await db.organisation.findMany({ select: { id: true }, take: 2 });
  if (all.length !== 1) throw new Error("Name the Ensign organisation to import into: --into <id>");
  return all[0].id;
}

export function progressBar(done: number, total: number, label: string): string {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : 0;
  return `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label.padEnd(30).slice(0, 30)}`;
}
