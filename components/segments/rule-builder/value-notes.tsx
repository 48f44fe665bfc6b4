"use client";
// What a value will do, under its field: compare versions (":semver"), a suggested version when
// the one typed is not one, and the warning, with a confirmation, for a comparison made as text.
import { coerce, valid } from "semver";
import {
  isSemverValue,
  ORDERING_OPERATORS,
  SEMVER_OPERATORS,
  textComparisonWarning,
  withSemver,
  type ConditionNode,
} from "@/lib/dashboard/segment-rules";

type ValueNotesProps = { condition: ConditionNode; onChange: (next: ConditionNode) => void };

const checkboxClass = "h-3.5 w-3.5 accent-indigo-600";

export function ValueNotes({ condition, onChange }: ValueNotesProps) {
  const { operator, value } = condition;
  const warning = textComparisonWarning(condition);
  // Equality offers versions only for a value that looks like one ("1.2.0" = "1.2.0+build" as versions).
  const semver =
    SEMVER_OPERATORS.has(operator) &&
    (ORDERING_OPERATORS.has(operator) || isSemverValue(value) || valid(value) !== null);
  const asVersion = semver && isSemverValue(value);
  const version = asVersion ? withSemver(value, false) : value;
  const suggestion = asVersion && !valid(version) ? coerce(version)?.version : undefined;
  if (!semver && !warning) return null;
  return (
    <div className="mt-1 space-y-1 text-xs">
      {semver && (
        <label className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={asVersion}
            onChange={(e) =>
              onChange({ ...condition, value: withSemver(value, e.target.checked), textConfirmed: false })
            }
          />
          Compare as versions (semver)
        </label>
      )}
      {suggestion && (
        <button
          type="button"
          onClick={() => onChange({ ...condition, value: withSemver(suggestion, true) })}
          className="rounded text-indigo-700 underline hover:no-underline dark:text-indigo-300"
        >
          Use {suggestion}
        </button>
      )}
      {warning && (
        <div
          role="note"
          className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          <p>{warning}</p>
          <label className="mt-1 flex items-center gap-1.5 font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={Boolean(condition.textConfirmed)}
              onChange={(e) => onChange({ ...condition, textConfirmed: e.target.checked })}
            />
            Compare as text
          </label>
        </div>
      )}
    </div>
  );
}
