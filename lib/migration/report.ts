// What an import copied, skipped and why; kept in the run's row so a resumed run adds to it.
export type ImportReport = {
  copied: Record<string, number>;
  updated: Record<string, number>;
  skipped: { kind: string; source: string; reason: string }[];
  /** Server-side keys the source does not show in full: re-create them in Ensign. */
  recreate: { environment: string; name: string }[];
  /**
   * Objects an earlier run of this source made (mapped) that the source no longer has: each
   * with its Ensign id, and whether this run deleted it (`prune`), or why not.
   */
  gone: GoneEntry[];
  /** Changes not written because the target takes them only through change requests (409). */
  refused: { kind: string; name: string; reason: string }[];
};

export type GoneEntry = {
  kind: string;
  source: string;
  id: number;
  name: string;
  removed: boolean;
  reason?: string;
};

/** The report keeps at most this many skip lines; the count of the rest is in the last one. */
const MAX_SKIPS = 500;

export const emptyReport = (): ImportReport => ({
  copied: {},
  updated: {},
  skipped: [],
  recreate: [],
  gone: [],
  refused: [],
});

export function countCopy(report: ImportReport, kind: string, created: boolean) {
  const bucket = created ? report.copied : report.updated;
  bucket[kind] = (bucket[kind] ?? 0) + 1;
}

export function addSkip(report: ImportReport, kind: string, source: string, reason: string) {
  if (report.skipped.length < MAX_SKIPS) report.skipped.push({ kind, source, reason });
}

export function addRefusal(report: ImportReport, kind: string, name: string, reason: string) {
  if (report.refused.length < MAX_SKIPS) report.refused.push({ kind, name, reason });
}

export function parseReport(text: string): ImportReport {
  try {
    return { ...emptyReport(), ...(JSON.parse(text) as Partial<ImportReport>) };
  } catch {
    return emptyReport();
  }
}
