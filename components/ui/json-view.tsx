"use client";
// The account's JSON view setting: with it on, every object shows its numeric id, uuid
// and keys, and the record exactly as the API returns it.
import { useMe } from "@/lib/dashboard/hooks";
import { CopyButton } from "./copy-button";
import { CopyId } from "./copy-id";

const ID_FIELDS = [
  "id",
  "uuid",
  "api_key",
  "key",
  "identity_uuid",
  "identifier",
  "feature_segment",
  "priority",
] as const;

export function useJsonView(): boolean {
  const { data } = useMe();
  return data?.json_view ?? false;
}

export function IdChips({ record }: { record: Record<string, unknown> }) {
  const chips = ID_FIELDS.filter(
    (field) => record[field] !== undefined && record[field] !== null && typeof record[field] !== "object",
  );
  if (!chips.length) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5" data-testid="json-ids">
      {chips.map((field) => (
        <CopyId key={field} field={field} value={String(record[field])} />
      ))}
    </span>
  );
}

/** Ids and the raw record; renders nothing unless the signed-in user has JSON view on. */
export function JsonView({ record, label = "JSON" }: { record: unknown; label?: string }) {
  const enabled = useJsonView();
  if (!enabled || !record || typeof record !== "object") return null;
  const text = JSON.stringify(record, null, 2);
  return (
    <div className="mt-2 space-y-1.5" data-testid="json-view">
      {!Array.isArray(record) && <IdChips record={record as Record<string, unknown>} />}
      {/* The copy button sits beside the summary, not in it: a control inside <summary> is
          nested in another and unreachable for some assistive technology. */}
      <div className="relative">
        <details className="group rounded-md border border-zinc-200 bg-zinc-50 text-xs dark:border-zinc-800 dark:bg-zinc-950">
          <summary className="flex min-h-10 cursor-pointer items-center px-2.5 py-1.5 pr-28 font-medium text-zinc-600 dark:text-zinc-400">
            {label}
          </summary>
          <pre
            tabIndex={0}
            role="region"
            aria-label={label}
            className="max-h-96 overflow-auto border-t border-zinc-200 p-2.5 font-mono text-[11px] leading-relaxed text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
          >
            {text}
          </pre>
        </details>
        {/* Centred on the summary row (40 px under the 1 px border; the button is 32 px), so it
            covers neither the box's border nor the line under the summary. */}
        <span className="absolute top-[5px] right-1.5">
          <CopyButton value={text} label="Copy JSON" />
        </span>
      </div>
    </div>
  );
}

/** Ids only, inline (for list rows). */
export function InlineIds({ record }: { record: Record<string, unknown> }) {
  const enabled = useJsonView();
  return enabled ? <IdChips record={record} /> : null;
}
