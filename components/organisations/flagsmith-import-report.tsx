// An import's report: copied, updated, skipped and why, keys to re-create, changes refused
// because change requests are on, and what the source no longer has (deleted or kept).
import { Badge } from "@/components/ui/badge";

type ImportReport = {
  copied?: Record<string, number>;
  updated?: Record<string, number>;
  skipped?: { kind: string; source: string; reason: string }[];
  recreate?: { environment: string; name: string }[];
  refused?: { kind: string; name: string; reason: string }[];
  gone?: { kind: string; source: string; id: number; name: string; removed: boolean; reason?: string }[];
};

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts);
  return (
    <div>
      <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing.</p>
      ) : (
        <ul aria-label={title} className="mt-1 flex flex-wrap gap-2">
          {entries.map(([kind, count]) => (
            <li key={kind}>
              <Badge>
                {kind}: {count}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ImportReportView({ report: raw }: { report: Record<string, unknown> }) {
  const report = raw as ImportReport;
  const skipped = report.skipped ?? [];
  const recreate = report.recreate ?? [];
  const refused = report.refused ?? [];
  const gone = report.gone ?? [];
  return (
    <div className="space-y-4">
      <Counts title="Copied" counts={report.copied ?? {}} />
      <Counts title="Updated" counts={report.updated ?? {}} />
      <div>
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Skipped</h3>
        {skipped.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing was skipped.</p>
        ) : (
          <ul aria-label="Skipped" className="mt-1 space-y-1 text-sm">
            {skipped.map((skip, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{skip.kind}</span> {skip.source}: {skip.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
      {refused.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            Not updated: change requests are on
          </h3>
          <ul aria-label="Not updated: change requests are on" className="mt-1 space-y-1 text-sm">
            {refused.map((item, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{item.kind}</span> {item.name}: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {gone.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Gone from the source</h3>
          <ul aria-label="Gone from the source" className="mt-1 space-y-1 text-sm">
            {gone.map((item, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{item.kind}</span> {item.name}:{" "}
                {item.removed ? "deleted" : (item.reason ?? "kept (start the import with deleting ticked)")}
              </li>
            ))}
          </ul>
        </div>
      )}
      {recreate.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            Server-side keys to re-create
          </h3>
          <ul aria-label="Server-side keys to re-create" className="mt-1 space-y-1 text-sm">
            {recreate.map((key, i) => (
              <li key={i} className="break-words">
                {key.environment}: {key.name}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
