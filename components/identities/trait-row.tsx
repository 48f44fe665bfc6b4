"use client";
import { useState } from "react";
import { FeatureValue } from "@/components/features/feature-value";
import { ValueEditor } from "@/components/features/value-editor";
import { Button } from "@/components/ui/button";
import { InlineIds } from "@/components/ui/json-view";
import type { FlagValue, Trait } from "@/lib/dashboard/types";

export function traitValue(trait: Trait): FlagValue {
  if (trait.trait_value !== undefined) return trait.trait_value;
  return trait.integer_value ?? trait.float_value ?? trait.boolean_value ?? trait.string_value ?? null;
}

export function TraitRow({
  trait,
  onSave,
  onDelete,
}: {
  trait: Trait;
  onSave: (value: FlagValue) => Promise<void>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const value = traitValue(trait);
  return (
    <li data-testid="trait" data-trait={trait.trait_key} className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-[8rem] font-mono text-sm font-medium">{trait.trait_key}</span>
        <span className="flex flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <FeatureValue value={value} />
          <InlineIds record={{ id: trait.id }} />
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={editing}
          aria-label={`${editing ? "Close" : "Edit"} ${trait.trait_key}`}
          onClick={() => setEditing(!editing)}
        >
          {editing ? "Close" : "Edit"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${trait.trait_key}`}
          onClick={onDelete}
          className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
        >
          Delete
        </Button>
      </div>
      {editing && (
        <div className="mt-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950">
          <ValueEditor
            label={`Value of ${trait.trait_key}`}
            value={value}
            saveLabel="Save trait"
            onSave={async (next) => {
              await onSave(next);
              setEditing(false);
            }}
          />
        </div>
      )}
    </li>
  );
}
