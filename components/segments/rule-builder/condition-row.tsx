"use client";
import { useId } from "react";
import { inputClass } from "@/components/ui/field";
import {
  CONFIRM_TEXT_MESSAGE,
  OPERATOR_LABELS,
  OPERATORS,
  needsProperty,
  type ConditionErrors,
  type ConditionNode,
  type Operator,
} from "@/lib/dashboard/segment-rules";
import { ConditionValueInput } from "./condition-value-input";
import { NotToggle } from "./not-toggle";

/** The datalist of trait keys the environment's identities hold (filled by the segment editor). */
export const TRAIT_KEY_SUGGESTIONS = "trait-key-suggestions";

type ConditionRowProps = {
  condition: ConditionNode;
  label: string;
  errors: ConditionErrors;
  showErrors: boolean;
  /** NOT needs a rule of its own, which a nested group has no room for. */
  canNegate: boolean;
  onChange: (next: ConditionNode) => void;
  handle: React.ReactNode;
  controls: React.ReactNode;
};

export function ConditionRow({
  condition,
  label,
  errors,
  showErrors,
  canNegate,
  onChange,
  handle,
  controls,
}: ConditionRowProps) {
  const id = useId();
  const propertyError = showErrors || condition.property ? errors.property : undefined;
  const asksConfirmation = errors.value === CONFIRM_TEXT_MESSAGE;
  const valueError = showErrors || (condition.value && !asksConfirmation) ? errors.value : undefined;
  const setOperator = (operator: Operator) => {
    const keepsValue =
      operator !== "MODULO" &&
      operator !== "PERCENTAGE_SPLIT" &&
      condition.operator !== "MODULO" &&
      condition.operator !== "PERCENTAGE_SPLIT";
    onChange({ ...condition, operator, value: keepsValue ? condition.value : "", textConfirmed: false });
  };

  return (
    <div
      role="group"
      aria-label={label}
      data-testid="condition"
      className="flex flex-wrap items-start gap-x-1 gap-y-2"
    >
      <div className="flex items-center gap-1">
        {handle}
        {canNegate && (
          <NotToggle
            label={label}
            pressed={condition.negated}
            onChange={(negated) => onChange({ ...condition, negated })}
          />
        )}
      </div>
      <div className="order-last grid min-w-0 basis-full gap-2 sm:order-none sm:flex-1 sm:basis-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,11rem)_minmax(0,1.6fr)] sm:items-start">
        <div>
          {needsProperty(condition.operator) ? (
            <input
              aria-label="Trait"
              list={TRAIT_KEY_SUGGESTIONS}
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
        <ConditionValueInput
          id={`${id}-value-input`}
          condition={condition}
          onChange={onChange}
          error={valueError}
          errorId={`${id}-value`}
        />
      </div>
      <div className="ml-auto sm:ml-0">{controls}</div>
    </div>
  );
}
