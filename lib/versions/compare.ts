// The difference between two snapshots of a feature in an environment, field by field:
// `environment_default.<field>` and `segment_overrides.<segment id>.<field>`; an override
// present on one side only is one change whose other side is null.
import type { FeatureSnapshot, OverrideFields } from "@/lib/feature-states/feature-snapshot";

export type VersionChange = { field: string; old: unknown; new: unknown };

function same(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function fieldChanges(prefix: string, old: object | null, next: object | null): VersionChange[] {
  if (!old || !next) return same(old, next) ? [] : [{ field: prefix, old, new: next }];
  const a = old as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys
    .filter((key) => !same(a[key], b[key]))
    .map((key) => ({ field: `${prefix}.${key}`, old: a[key] ?? null, new: b[key] ?? null }));
}

export function compareSnapshots(old: FeatureSnapshot, next: FeatureSnapshot): VersionChange[] {
  const changes = fieldChanges("environment_default", old.environment_default, next.environment_default);
  const bySegment = (list: OverrideFields[]) => new Map(list.map((o) => [o.segment, o]));
  const before = bySegment(old.segment_overrides);
  const after = bySegment(next.segment_overrides);
  const segments = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  for (const segment of segments) {
    changes.push(
      ...fieldChanges(
        `segment_overrides.${segment}`,
        before.get(segment) ?? null,
        after.get(segment) ?? null,
      ),
    );
  }
  return changes;
}
