"use client";
// The features the list has ticked, kept to the features it shows: a filter that hides a
// feature also drops it from the selection, so an action never touches what is not in view.
import { useMemo, useState } from "react";
import type { Feature } from "@/lib/dashboard/types";

export function useFeatureSelection(visible: Feature[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const selected = useMemo(() => visible.filter((f) => ids.has(f.id)), [visible, ids]);
  return {
    selected,
    has: (id: number) => ids.has(id),
    allSelected: visible.length > 0 && selected.length === visible.length,
    set: (next: number[]) => setIds(new Set(next)),
    toggle: (id: number, on: boolean) =>
      setIds((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
  };
}
