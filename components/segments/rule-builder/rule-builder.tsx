"use client";
// The segment's top-level groups: every one must match. Each group is "all of" or "any of" its
// conditions and nested groups, with NOT on a group or a condition (segment-tree.ts maps this
// onto the API's ALL / ANY / NONE rules).
import { Button } from "@/components/ui/button";
import { newGroup, type GroupNode } from "@/lib/dashboard/segment-rules";
import { DragHandle, dropTarget, ItemControls, moveItem } from "./item-controls";
import { RuleGroup, type BuilderErrors } from "./rule-group";

type RuleBuilderProps = BuilderErrors & {
  groups: GroupNode[];
  onChange: (groups: GroupNode[]) => void;
};

export function RuleBuilder({ groups, onChange, ...errors }: RuleBuilderProps) {
  const keys = groups.map((g) => g.key);
  const move = (from: number, to: number) => onChange(moveItem(groups, from, to));
  return (
    <div className="space-y-2" data-testid="rule-builder">
      {groups.length === 0 && (
        <p className="rounded-lg border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          A segment needs at least one group of conditions.
        </p>
      )}
      {groups.map((group, i) => {
        const label = `Group ${i + 1}`;
        return (
          <div key={group.key} {...dropTarget(keys, i, move)}>
            {i > 0 && (
              <div className="my-2 flex items-center gap-2" aria-hidden>
                <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
                <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-[11px] font-bold tracking-wider text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  AND
                </span>
                <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
              </div>
            )}
            <RuleGroup
              group={group}
              label={label}
              level={1}
              onChange={(next) => onChange(groups.map((g, j) => (j === i ? next : g)))}
              handle={<DragHandle itemKey={group.key} label={label} />}
              controls={
                <ItemControls
                  label={label}
                  index={i}
                  count={groups.length}
                  onMove={(to) => move(i, to)}
                  onRemove={() => onChange(groups.filter((_, j) => j !== i))}
                  canRemove={groups.length > 1}
                />
              }
              {...errors}
            />
          </div>
        );
      })}
      <Button onClick={() => onChange([...groups, newGroup()])}>+ AND group</Button>
    </div>
  );
}
