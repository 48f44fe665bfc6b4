"use client";
// What changed between two versions of a feature, one row per changed field.
import { Card } from "@/components/ui/card";
import { ChangeTable } from "@/components/ui/change-table";
import { ErrorMessage } from "@/components/ui/error-message";
import { diffCells } from "@/components/ui/json-diff";
import { useVersionComparison, type FeatureVersion } from "@/lib/dashboard/feature-versions";

type VersionDiffProps = {
  environmentKey: string;
  featureId: number;
  versions: FeatureVersion[];
  labelOf: (v: FeatureVersion) => string;
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
};

/** `segment_overrides.12.priority` read with the segment's name. */
function fieldName(field: string, versions: FeatureVersion[]) {
  const match = /^segment_overrides\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!match) return field.replace("environment_default.", "Environment default: ");
  const id = Number(match[1]);
  const name =
    versions.flatMap((v) => v.state.segment_overrides).find((o) => o.segment === id)?.segment_name ??
    `#${id}`;
  return `Segment ${name}: ${match[2] ?? "override"}`;
}

export function VersionDiff({
  environmentKey,
  featureId,
  versions,
  labelOf,
  from,
  to,
  onChange,
}: VersionDiffProps) {
  const { data, error } = useVersionComparison(environmentKey, featureId, to, from);
  const select = (value: string | null, set: (uuid: string) => void, name: string) => (
    <label className="flex max-w-full min-w-0 items-center gap-2 text-sm">
      {name}
      <select
        aria-label={`Compare ${name.toLowerCase()}`}
        className="min-w-0 truncate rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        value={value ?? ""}
        onChange={(e) => set(e.target.value)}
      >
        <option value="">Choose a version</option>
        {versions.map((v) => (
          <option key={v.uuid} value={v.uuid}>
            {labelOf(v)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap gap-4">
        {select(from, (uuid) => onChange(uuid, to), "From")}
        {select(to, (uuid) => onChange(from, uuid), "To")}
      </div>
      {error && <ErrorMessage error={error} />}
      {data && data.changes.length === 0 && (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No differences.</p>
      )}
      {data && data.changes.length > 0 && (
        <ChangeTable
          label="Version differences"
          rows={data.changes.map((c) => ({
            key: c.field,
            field: fieldName(c.field, versions),
            ...diffCells(c.old, c.new, { quoteText: true }),
          }))}
        />
      )}
    </Card>
  );
}
