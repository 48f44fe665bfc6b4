"use client";
// One side of a change: a JSON value pretty-printed with the lines that differ from the other
// side marked (for sight and for screen readers), or plain text when the value is not JSON.
import { isStructured, jsonLines } from "@/lib/dashboard/json-diff";

type Options = { quoteText?: boolean };

const plain = (value: unknown, { quoteText = false }: Options) =>
  value === null || value === undefined
    ? "—"
    : typeof value === "string" && !quoteText
      ? value
      : JSON.stringify(value);

export function JsonDiff({ value, other, quoteText }: { value: unknown; other: unknown } & Options) {
  if (!isStructured(value)) return <>{plain(value, { quoteText })}</>;
  return (
    <pre data-testid="json-diff" className="font-mono text-xs break-all whitespace-pre-wrap">
      {jsonLines(value, other).map((line, index) =>
        line.isChanged ? (
          <span
            key={index}
            data-changed="true"
            className="block rounded-sm bg-amber-100 font-semibold text-zinc-900 dark:bg-amber-400/20 dark:text-zinc-50"
          >
            <span className="sr-only">Changed: </span>
            {line.text}
          </span>
        ) : (
          <span key={index} className="block">
            {line.text}
          </span>
        ),
      )}
    </pre>
  );
}

/** The before and after cells of a change row; `quoteText` shows plain text in quotes. */
export function diffCells(before: unknown, after: unknown, options: Options = {}) {
  return {
    before: <JsonDiff value={before} other={after} {...options} />,
    after: <JsonDiff value={after} other={before} {...options} />,
  };
}
