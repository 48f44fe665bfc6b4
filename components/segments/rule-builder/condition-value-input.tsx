"use client";
// The value input that fits the operator: a percentage for PERCENTAGE_SPLIT, nothing for
// IS_SET / IS_NOT_SET, divisor and remainder for MODULO, a list for IN, text otherwise.
import { inputClass } from "@/components/ui/field";
import type { Operator } from "@/lib/dashboard/segment-rules";
import { ListValueInput } from "./list-value-input";

type ConditionValueInputProps = {
  id: string;
  operator: Operator;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

export function ConditionValueInput({
  id,
  operator,
  value,
  onChange,
  invalid,
  describedBy,
}: ConditionValueInputProps) {
  const common = { "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  switch (operator) {
    case "IS_SET":
    case "IS_NOT_SET":
      return <p className="py-1.5 text-sm text-zinc-400 italic dark:text-zinc-500">no value needed</p>;
    case "PERCENTAGE_SPLIT":
      return (
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="range"
            min={0}
            max={100}
            step={1}
            aria-label="Percentage of identities (slider)"
            value={Number(value) || 0}
            onChange={(e) => onChange(e.target.value)}
            className="min-w-0 flex-1"
          />
          <div className="relative w-24 shrink-0">
            <input
              aria-label="Percentage of identities"
              inputMode="decimal"
              value={value}
              onChange={(e) => onChange(e.target.value)}
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
    case "MODULO": {
      const [divisor = "", remainder = ""] = value.split("|");
      return (
        <div className="flex items-center gap-2">
          <input
            id={id}
            aria-label="Divisor"
            placeholder="divisor"
            inputMode="decimal"
            value={divisor}
            onChange={(e) => onChange(`${e.target.value}|${remainder}`)}
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
            onChange={(e) => onChange(`${divisor}|${e.target.value}`)}
            className={`${inputClass} font-mono`}
            {...common}
          />
        </div>
      );
    }
    case "IN":
      return (
        <ListValueInput
          id={id}
          label="Values"
          value={value}
          onChange={onChange}
          invalid={invalid}
          describedBy={describedBy}
        />
      );
    default:
      return (
        <input
          id={id}
          aria-label="Value"
          value={value}
          placeholder={
            operator === "REGEX"
              ? "^.+@example\\.com$"
              : operator.startsWith("GREATER") || operator.startsWith("LESS")
                ? "10, or 1.2.0:semver"
                : "value"
          }
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} ${operator === "REGEX" ? "font-mono" : ""}`}
          {...common}
        />
      );
  }
}
