"use client";
// One id shown as a chip (name and value in monospace) with a button that copies the value.
// Every id chip of the dashboard is this component, so they all copy the same way.
import { copyText } from "./copy-button";
import { COPY_FAILED } from "@/lib/dashboard/failure";
import { useToast } from "./toast";

/** What each id field is called in a button's name: "Copy environment key". */
const ID_NAMES: Record<string, string> = {
  id: "id",
  uuid: "uuid",
  api_key: "environment key",
  key: "key",
  identity_uuid: "identity uuid",
  identifier: "identifier",
  feature_segment: "feature segment id",
  priority: "priority",
};

export function idName(field: string): string {
  return ID_NAMES[field] ?? field.replaceAll("_", " ");
}

type CopyIdProps = {
  /** The label shown in the chip, e.g. "id" or "api_key". */
  field: string;
  value: string | number;
  /** Overrides the button's "Copy <what>"; defaults to the field's name. */
  what?: string;
};

export function CopyId({ field, value, what }: CopyIdProps) {
  const toast = useToast();
  const text = String(value);
  return (
    <span
      data-testid="id-chip"
      data-field={field}
      className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-0.5 pl-1.5 font-mono text-[11px] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
    >
      <span className="text-zinc-600 dark:text-zinc-400">{field}</span>
      <span className="max-w-[24ch] truncate" title={text}>
        {text}
      </span>
      <button
        type="button"
        aria-label={`Copy ${what ?? idName(field)}`}
        title={`Copy ${text}`}
        // Above a card's stretched link (components/common/list-card.tsx).
        className="relative z-10 -my-1 inline-flex h-6 w-6 items-center justify-center rounded text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
        onClick={async (e) => {
          e.preventDefault();
          e.stopPropagation();
          toast({ message: (await copyText(text)) ? "Copied" : COPY_FAILED });
        }}
      >
        <svg
          aria-hidden
          viewBox="0 0 16 16"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
          <path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
        </svg>
      </button>
    </span>
  );
}
