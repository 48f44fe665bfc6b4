"use client";
import { Button } from "@/components/ui/button";
import { compactSelectClass } from "@/components/ui/field";
import {
  newCondition,
  newGroup,
  validateCondition,
  type GroupNode,
  type GroupType,
  type RuleNode,
} from "@/lib/dashboard/segment-rules";
import { canNest } from "@/lib/dashboard/segment-tree";
import { ConditionRow } from "./condition-row";
import { DragHandle, dropTarget, ItemControls, moveItem } from "./item-controls";
import { NotToggle } from "./not-toggle";

export type BuilderErrors = {
  showErrors: boolean;
  /** Problems that stop saving, by node key. */
  problems: Map<string, string>;
  /** The API's field errors, by condition key. */
  apiErrors: Map<string, Record<string, string>>;
};

type RuleGroupProps = BuilderErrors & {
  group: GroupNode;
  label: string;
  /** 1 for a top-level group, 2 inside one. */
  level: number;
  onChange: (next: GroupNode) => void;
  handle: React.ReactNode;
  controls: React.ReactNode;
};

const SUMMARY: Record<string, string> = {
  "ALL-false": "all of these match",
  "ANY-false": "any of these match",
  "ALL-true": "not all of these match",
  "ANY-true": "none of these match",
};

function Separator({ type }: { type: GroupType }) {
  return (
    <div className="my-1.5 flex items-center gap-2" aria-hidden>
      <span
        className={`rounded px-1.5 py-0.5 text-[10px] font-bold tracking-wider ${
          type === "ALL"
            ? "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            : "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300"
        }`}
      >
        {type === "ALL" ? "AND" : "OR"}
      </span>
      <span className="h-px flex-1 bg-zinc-100 dark:bg-zinc-800" />
    </div>
  );
}

/** One group: "all of" or "any of" its conditions and nested groups, or NOT that. */
export function RuleGroup({ group, label, level, onChange, handle, controls, ...errors }: RuleGroupProps) {
  const { children } = group;
  const keys = children.map((c) => c.key);
  const setChild = (i: number, next: RuleNode) =>
    onChange({ ...group, children: children.map((c, j) => (j === i ? next : c)) });
  const move = (from: number, to: number) => onChange({ ...group, children: moveItem(children, from, to) });
  const problem = errors.problems.get(group.key);
  const showProblem = problem && (errors.showErrors || children.length > 0);
  let conditionCount = 0;
  let groupCount = 0;

  return (
    <section
      aria-label={label}
      data-testid="rule-group"
      className={`min-w-0 rounded-lg border bg-white dark:bg-zinc-900 ${
        group.negated ? "border-rose-300 dark:border-rose-900" : "border-zinc-200 dark:border-zinc-800"
      }`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-zinc-100 px-2 py-1.5 dark:border-zinc-800">
        {handle}
        <h2 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
          {label}
        </h2>
        <NotToggle
          label={label}
          pressed={group.negated}
          onChange={(negated) => onChange({ ...group, negated })}
        />
        <select
          aria-label={`${label} matches`}
          value={group.type}
          onChange={(e) => onChange({ ...group, type: e.target.value as GroupType })}
          className={`${compactSelectClass} py-1`}
        >
          <option value="ANY">any of these</option>
          <option value="ALL">all of these</option>
        </select>
        <span className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="group-summary">
          — {SUMMARY[`${group.type}-${group.negated}`]}
        </span>
        <div className="ml-auto">{controls}</div>
      </header>
      <div className="space-y-1 p-2 sm:p-3">
        {showProblem && (
          <p className="text-xs text-red-600 dark:text-red-400" data-testid="group-problem">
            {problem}
          </p>
        )}
        {children.map((child, i) => {
          const childLabel =
            child.kind === "condition"
              ? `${label}, condition ${++conditionCount}`
              : `${label}.${++groupCount}`;
          const itemControls = (
            <ItemControls
              label={childLabel}
              index={i}
              count={children.length}
              onMove={(to) => move(i, to)}
              onRemove={() => onChange({ ...group, children: children.filter((_, j) => j !== i) })}
              canRemove={level > 1 || children.length > 1 || child.kind === "group"}
            />
          );
          const grip = <DragHandle itemKey={child.key} label={childLabel} />;
          return (
            <div key={child.key} {...dropTarget(keys, i, move)} data-testid="rule-item">
              {i > 0 && <Separator type={group.type} />}
              {child.kind === "condition" ? (
                <ConditionRow
                  condition={child}
                  label={childLabel}
                  errors={conditionErrors(child, errors)}
                  showErrors={errors.showErrors || errors.apiErrors.size > 0}
                  canNegate={canNest(level)}
                  onChange={(next) => setChild(i, next)}
                  handle={grip}
                  controls={itemControls}
                />
              ) : (
                <div className="pl-1 sm:pl-3">
                  <RuleGroup
                    group={child}
                    label={childLabel}
                    level={level + 1}
                    onChange={(next) => setChild(i, next)}
                    handle={grip}
                    controls={itemControls}
                    {...errors}
                  />
                </div>
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-1 pt-1">
          <Button
            size="sm"
            variant="ghost"
            className="text-indigo-700 dark:text-indigo-300"
            onClick={() => onChange({ ...group, children: [...children, newCondition()] })}
          >
            + {group.type === "ALL" ? "AND" : "OR"} condition
          </Button>
          {canNest(level) && (
            <Button
              size="sm"
              variant="ghost"
              className="text-indigo-700 dark:text-indigo-300"
              onClick={() =>
                onChange({
                  ...group,
                  children: [...children, newGroup(group.type === "ALL" ? "ANY" : "ALL")],
                })
              }
            >
              + Nested group
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

function conditionErrors(
  condition: Extract<RuleNode, { kind: "condition" }>,
  { apiErrors, problems }: BuilderErrors,
) {
  const local = validateCondition(condition);
  const api = apiErrors.get(condition.key) ?? {};
  return {
    property: api.property ?? local.property,
    value: api.value ?? api.operator ?? local.value ?? problems.get(condition.key),
  };
}
