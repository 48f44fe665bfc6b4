"use client";
// The compare page's promotion controls: from which compared environment to which, and the
// button that reviews the selected features' differences.
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { Environment } from "@/lib/dashboard/types";

export function PromoteBar({
  environments,
  from,
  to,
  onFrom,
  onTo,
  selected,
  onPromote,
}: {
  environments: Environment[];
  from: number;
  to: number;
  onFrom: (index: number) => void;
  onTo: (index: number) => void;
  selected: number;
  onPromote: () => void;
}) {
  const valid = environments[from] && environments[to] && from !== to;
  const options = environments.map((env, i) => (
    <option key={env.id} value={i}>
      {env.name}
    </option>
  ));
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="promote-bar">
      <SelectField label="Promote from" value={from} onChange={(e) => onFrom(Number(e.target.value))}>
        {options}
      </SelectField>
      <SelectField label="to" value={to} onChange={(e) => onTo(Number(e.target.value))}>
        {options}
      </SelectField>
      <Button variant="primary" disabled={selected === 0 || !valid} onClick={onPromote}>
        Promote selected ({selected})…
      </Button>
      {!valid && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Choose two different environments to promote.
        </p>
      )}
      {valid && selected === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Select the features to promote in the table.
        </p>
      )}
    </div>
  );
}
