"use client";
// The value input that fits the operator: a percentage for PERCENTAGE_SPLIT, nothing for
// IS_SET / IS_NOT_SET, divisor and remainder for MODULO, a list for IN, a number or a version for
// the comparisons, text otherwise; and next to it why a value is refused or what it will do.
import { inputClass } from "@/components/ui/field";
import { ORDERING_OPERATORS, type ConditionNode } from "@/lib/dashboard/segment-rules";
import { ListValueInput } from "./list-value-input";
import { ValueNotes } from "./value-notes";

type ConditionValueInputProps = {
  id: string;
  condition: ConditionNode;
  onChange: (next: ConditionNode) => void;
  error?: string;
  errorId: string;
};

export function ConditionValueInput({ id, condition, onChange, error, errorId }: ConditionValueInputProps) {
  const { operator, value } = condition;
  const setValue = (next: string) => onChange({ ...condition, value: next, textConfirmed: false });
  const common = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  let input: React.ReactNode;
  switch (operator) {
    case "IS_SET":
    case "IS_NOT_SET":
      return <p className="py-1.5 text-sm text-zinc-500 italic dark:text-zinc-400">no value needed</p>;
    case "PERCENTAGE_SPLIT":
      input = (
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="range"
            min={0}
            max={100}
            step={1}
            aria-label="Percentage of identities (slider)"
            value={Number(value) || 0}
            onChange={(e) => setValue(e.target.value)}
            className="min-w-0 flex-1"
          />
          <div className="relative w-24 shrink-0">
            <input
              aria-label="Percentage of identities"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={`${inputClass} pr-7 font-mono`}
              {...common}
            />
            <span
              aria-hidden
              className="pointer-events-none absolute top-1.5 right-2.5 text-sm text-zinc-400"
            >
              %
            </span>
          </div>
        </div>
      );
      break;
    case "MODULO": {
      const [divisor = "", remainder = ""] = value.split("|");
      input = (
        <div className="flex items-center gap-2">
          <input
            id={id}
            aria-label="Divisor"
            placeholder="divisor"
            inputMode="decimal"
            value={divisor}
            onChange={(e) => setValue(`${e.target.value}|${remainder}`)}
            className={`${inputClass} font-mono`}
            {...common}
          />
          <span aria-hidden className="font-mono text-zinc-400">
            |
          </span>
          <input
            aria-label="Remainder"
            placeholder="remainder"
            inputMode="decimal"
            value={remainder}
            onChange={(e) => setValue(`${divisor}|${e.target.value}`)}
            className={`${inputClass} font-mono`}
            {...common}
          />
        </div>
      );
      break;
    }
    case "IN":
      input = (
        <ListValueInput
          id={id}
          label="Values"
          value={value}
          onChange={setValue}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      );
      break;
    default: {
      const ordering = ORDERING_OPERATORS.has(operator);
      input = (
        <input
          id={id}
          aria-label="Value"
          value={value}
          inputMode={
            ordering && !value.endsWith(":semver") && /^[\d.+-]*$/.test(value) ? "decimal" : undefined
          }
          placeholder={
            operator === "REGEX" ? "^.+@example\\.com$" : ordering ? "a number, such as 18" : "value"
          }
          onChange={(e) => setValue(e.target.value)}
          className={`${inputClass} ${operator === "REGEX" ? "font-mono" : ""}`}
          {...common}
        />
      );
    }
  }
  return (
    <div>
      {input}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <ValueNotes condition={condition} onChange={onChange} />
    </div>
  );
}
