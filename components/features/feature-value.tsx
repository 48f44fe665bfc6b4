import type { FlagValue } from "@/lib/dashboard/types";
import { kindOf } from "@/lib/dashboard/values";

/** A flag value as people read it: text in quotes, numbers and booleans as they are. */
export function FeatureValue({ value }: { value: FlagValue }) {
  if (value === null || value === "")
    return <span className="text-xs text-zinc-500 dark:text-zinc-400">no value</span>;
  const kind = kindOf(value);
  const tone =
    kind === "boolean"
      ? "text-violet-700 dark:text-violet-300"
      : kind === "string" || kind === "json"
        ? "text-emerald-700 dark:text-emerald-300"
        : "text-sky-700 dark:text-sky-300";
  const text = kind === "string" ? `"${value}"` : String(value);
  return (
    <code
      title={`${kind}: ${String(value)}`}
      className={`inline-block max-w-full truncate rounded bg-zinc-100 px-1.5 py-0.5 align-middle font-mono text-xs dark:bg-zinc-800 ${tone}`}
    >
      {text}
    </code>
  );
}
