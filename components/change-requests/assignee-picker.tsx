"use client";
// Reviewers of a new change request: members of the organisation (not the author) and groups.
import { Checkbox } from "@/components/ui/field";
import { useNames } from "./use-names";

export type Assignees = { users: number[]; groups: number[] };

const toggle = (list: number[], id: number, on: boolean) =>
  on ? [...list, id] : list.filter((x) => x !== id);

export function AssigneePicker({
  organisationId,
  authorId,
  value,
  onChange,
}: {
  organisationId: number | null;
  authorId: number | undefined;
  value: Assignees;
  onChange: (next: Assignees) => void;
}) {
  const { people, teams, nameOf } = useNames(organisationId);
  const others = people?.filter((p) => p.id !== authorId) ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Reviewers</legend>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        When you pick any, only they (and members of the picked groups) may approve.
      </p>
      <div className="max-h-40 space-y-1.5 overflow-y-auto">
        {others.map((p) => (
          <Checkbox
            key={`user-${p.id}`}
            label={nameOf(p.id)}
            checked={value.users.includes(p.id)}
            onChange={(e) => onChange({ ...value, users: toggle(value.users, p.id, e.target.checked) })}
          />
        ))}
        {teams?.map((g) => (
          <Checkbox
            key={`group-${g.id}`}
            label={`${g.name} (group)`}
            checked={value.groups.includes(g.id)}
            onChange={(e) => onChange({ ...value, groups: toggle(value.groups, g.id, e.target.checked) })}
          />
        ))}
      </div>
    </fieldset>
  );
}
