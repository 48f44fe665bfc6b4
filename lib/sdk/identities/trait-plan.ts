// What an identify call asks of storage: the last value sent for each key wins, as if the
// traits were applied in order; null deletes; transient traits never touch storage. The
// database then skips upserts whose value and type are already stored (store.ts), so
// unchanged traits are never rewritten.
import { storeTraitValue } from "@/lib/values";
import type { IncomingTrait } from "./parse";

export type StoredTrait = { id: number; traitKey: string; valueType: string; value: string };

export type TraitWritePlan = {
  deletes: string[];
  upserts: { traitKey: string; valueType: string; value: string }[];
};

export function planTraitWrites(incoming: IncomingTrait[]): TraitWritePlan {
  const last = new Map<string, IncomingTrait>();
  for (const trait of incoming) if (!trait.transient) last.set(trait.key, trait);
  const plan: TraitWritePlan = { deletes: [], upserts: [] };
  for (const [key, trait] of last) {
    if (trait.value === null) {
      plan.deletes.push(key);
      continue;
    }
    const next = storeTraitValue(trait.value, { isFloat: trait.valueType === "float" });
    plan.upserts.push({ traitKey: key, valueType: next.valueType, value: next.value ?? "" });
  }
  return plan;
}
