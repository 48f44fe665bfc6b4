"use client";
import { Button } from "@/components/ui/button";
import {
  newCondition,
  validateCondition,
  type ConditionDraft,
  type GroupDraft,
} from "@/lib/dashboard/segment-rules";
import { ConditionRow } from "./condition-row";

type RuleGroupProps = {
  group: GroupDraft;
  index: number;
  showErrors: boolean;
  apiErrors: Map<string, string>;
  canRemove: boolean;
  onChange: (next: GroupDraft) => void;
  onRemove: () => void;
};

/** One ANY rule: any of its conditions may match. */
export function RuleGroup({
  group,
  index,
  showErrors,
  apiErrors,
  canRemove,
  onChange,
  onRemove,
}: RuleGroupProps) {
  const label = `Group ${index + 1}`;
  const setCondition = (i: number, next: ConditionDraft) =>
    onChange({ ...group, conditions: group.conditions.map((c, j) => (j === i ? next : c)) });
  const removeCondition = (i: number) =>
    onChange({ ...group, conditions: group.conditions.filter((_, j) => j !== i) });

  return (
    <section
      aria-label={label}
      data-testid="rule-group"
      className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex items-center justify-between border-b border-zinc-100 px-3 py-2 dark:border-zinc-800">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {label} <span className="font-normal normal-case">— any of these match</span>
        </h2>
        <Button
          size="sm"
          variant="ghost"
          disabled={!canRemove}
          onClick={onRemove}
          aria-label={`Remove ${label.toLowerCase()}`}
        >
          Remove group
        </Button>
      </header>
      <div className="space-y-2 p-3">
        {group.conditions.map((condition, i) => {
          const local = validateCondition(condition);
          const errors = {
            property: apiErrors.get(`${index}.${i}.property`) ?? local.property,
            value:
              apiErrors.get(`${index}.${i}.value`) ?? apiErrors.get(`${index}.${i}.operator`) ?? local.value,
          };
          return (
            <div key={condition.key}>
              {i > 0 && (
                <div className="my-1.5 flex items-center gap-2" aria-hidden>
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-amber-800 dark:bg-amber-950 dark:text-amber-300">
                    OR
                  </span>
                  <span className="h-px flex-1 bg-zinc-100 dark:bg-zinc-800" />
                </div>
              )}
              <ConditionRow
                condition={condition}
                label={`${label}, condition ${i + 1}`}
                errors={errors}
                showErrors={showErrors || apiErrors.size > 0}
                canRemove={group.conditions.length > 1}
                onChange={(next) => setCondition(i, next)}
                onRemove={() => removeCondition(i)}
              />
            </div>
          );
        })}
        <Button
          size="sm"
          variant="ghost"
          className="text-indigo-600 dark:text-indigo-400"
          onClick={() => onChange({ ...group, conditions: [...group.conditions, newCondition()] })}
        >
          + OR condition
        </Button>
      </div>
    </section>
  );
}
