"use client";
import { useId } from "react";
import { inputClass } from "@/components/ui/field";
import {
  OPERATOR_LABELS,
  OPERATORS,
  needsProperty,
  type ConditionDraft,
  type Operator,
} from "@/lib/dashboard/segment-rules";
import { ConditionValueInput } from "./condition-value-input";

type ConditionRowProps = {
  condition: ConditionDraft;
  label: string;
  errors: { property?: string; value?: string };
  showErrors: boolean;
  canRemove: boolean;
  onChange: (next: ConditionDraft) => void;
  onRemove: () => void;
};

export function ConditionRow({
  condition,
  label,
  errors,
  showErrors,
  canRemove,
  onChange,
  onRemove,
}: ConditionRowProps) {
  const id = useId();
  const propertyError = showErrors || condition.property ? errors.property : undefined;
  const valueError = showErrors || condition.value ? errors.value : undefined;
  const setOperator = (operator: Operator) => {
    const keepsValue =
      operator !== "MODULO" &&
      operator !== "PERCENTAGE_SPLIT" &&
      condition.operator !== "MODULO" &&
      condition.operator !== "PERCENTAGE_SPLIT";
    onChange({ ...condition, operator, value: keepsValue ? condition.value : "" });
  };

  return (
    <div
      role="group"
      aria-label={label}
      data-testid="condition"
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,13rem)_minmax(0,1.4fr)_auto] sm:items-start"
    >
      <div>
        {needsProperty(condition.operator) ? (
          <input
            aria-label="Trait"
            placeholder="trait key, e.g. plan"
            value={condition.property}
            onChange={(e) => onChange({ ...condition, property: e.target.value })}
            aria-invalid={propertyError ? true : undefined}
            aria-describedby={propertyError ? `${id}-property` : undefined}
            className={`${inputClass} font-mono`}
          />
        ) : (
          <p className="py-1.5 text-sm text-zinc-500 dark:text-zinc-400">of identities</p>
        )}
        {propertyError && (
          <p id={`${id}-property`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {propertyError}
          </p>
        )}
      </div>
      <select
        aria-label="Operator"
        value={condition.operator}
        onChange={(e) => setOperator(e.target.value as Operator)}
        className={inputClass}
      >
        {OPERATORS.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </select>
      <div>
        <ConditionValueInput
          id={`${id}-value-input`}
          operator={condition.operator}
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
          invalid={Boolean(valueError)}
          describedBy={valueError ? `${id}-value` : undefined}
        />
        {valueError && (
          <p id={`${id}-value`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {valueError}
          </p>
        )}
      </div>
      <button
        type="button"
        aria-label={`Remove ${label.toLowerCase()}`}
        disabled={!canRemove}
        onClick={onRemove}
        className="h-[34px] rounded-md px-2 text-zinc-400 hover:bg-zinc-100 hover:text-red-600 disabled:invisible dark:hover:bg-zinc-800"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}
