// Which stored traits an identify call must change: null values delete, new or changed values
// are written, unchanged ones are left alone, transient ones never touch storage. Pure, so the
// "nothing rewritten" promise is tested without a database.
import { storeTraitValue } from "@/lib/values";
import type { IncomingTrait } from "./parse";

export type StoredTrait = { id: number; traitKey: string; valueType: string; value: string };

export type TraitWritePlan = {
  deletes: string[];
  upserts: { traitKey: string; valueType: string; value: string }[];
};

export function planTraitWrites(stored: StoredTrait[], incoming: IncomingTrait[]): TraitWritePlan {
  const current = new Map(stored.map((t) => [t.traitKey, t]));
  // The last value sent for a key wins, as it would if the traits were applied in order.
  const last = new Map<string, IncomingTrait>();
  for (const trait of incoming) if (!trait.transient) last.set(trait.key, trait);
  const plan: TraitWritePlan = { deletes: [], upserts: [] };
  for (const [key, trait] of last) {
    const existing = current.get(key);
    if (trait.value === null) {
      if (existing) plan.deletes.push(key);
      continue;
    }
    const next = storeTraitValue(trait.value);
    if (existing && existing.valueType === next.valueType && existing.value === next.value) continue;
    plan.upserts.push({ traitKey: key, valueType: next.valueType, value: next.value ?? "" });
  }
  return plan;
}
