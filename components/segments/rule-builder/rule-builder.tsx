"use client";
// AND groups of OR conditions: every group must match, and within a group any one
// condition. That is an ALL rule holding ANY rules, as Flagsmith's dashboard builds it.
import { Button } from "@/components/ui/button";
import { newGroup, type GroupDraft } from "@/lib/dashboard/segment-rules";
import { RuleGroup } from "./rule-group";

type RuleBuilderProps = {
  groups: GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
  showErrors: boolean;
  apiErrors: Map<string, string>;
};

export function RuleBuilder({ groups, onChange, showErrors, apiErrors }: RuleBuilderProps) {
  return (
    <div className="space-y-2" data-testid="rule-builder">
      {groups.length === 0 && (
        <p className="rounded-lg border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-500 dark:text-zinc-400 dark:border-zinc-700">
          A segment needs at least one group of conditions.
        </p>
      )}
      {groups.map((group, i) => (
        <div key={group.key}>
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
            index={i}
            showErrors={showErrors}
            apiErrors={apiErrors}
            canRemove={groups.length > 1}
            onChange={(next) => onChange(groups.map((g, j) => (j === i ? next : g)))}
            onRemove={() => onChange(groups.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button onClick={() => onChange([...groups, newGroup()])}>+ AND group</Button>
    </div>
  );
}
