// Field-level differences between two versions of a record, named as the API names them
// (snake_case). Nested values (rules, option weights) compare by their JSON text.
export type ChangeDetail = { field: string; old: unknown; new: unknown };

/** Bookkeeping columns that change with every write and say nothing about the change. */
const IGNORED = new Set(["updatedAt", "revision", "documentUpdatedAt", "nameLower", "scope"]);

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeDetail[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: ChangeDetail[] = [];
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const old = plain(before?.[key]);
    const next = plain(after?.[key]);
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    changes.push({ field: snakeCase(key), old, new: next });
  }
  return changes;
}
