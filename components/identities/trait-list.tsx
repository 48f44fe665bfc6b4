"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { ChangeCancelled, Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { traitsKey, useTraits } from "@/lib/dashboard/hooks";
import type { FlagValue, Trait } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { AddTraitForm } from "./add-trait-form";
import { TraitRow } from "./trait-row";

export function TraitList({ environmentKey, identityId }: { environmentKey: string; identityId: number }) {
  const { data: traits, error } = useTraits(environmentKey, identityId);
  const [deleting, setDeleting] = useState<Trait | null>(null);
  // Traits decide segment membership, so the resolved flags change with them.
  const refresh = () =>
    Promise.all([
      mutate(traitsKey(environmentKey, identityId)),
      mutate(urls.identityAllStates(environmentKey, identityId)),
    ]);

  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  const ask = async (what: string, key: string, label: string) => {
    const asked = await confirmChange(
      (env) => (
        <>
          {what} the trait <Name>{key}</Name> of this identity in {env}?
        </>
      ),
      label,
    );
    return asked;
  };
  const add = async (key: string, value: FlagValue) => {
    if (!(await ask("Add", key, "Add trait"))) throw new ChangeCancelled();
    await api.post(urls.traits(environmentKey, identityId), { trait_key: key, trait_value: value });
    await refresh();
    toast({ message: `Added the trait ${key}.` });
  };
  const update = async (trait: Trait, value: FlagValue) => {
    if (!(await ask("Change", trait.trait_key, "Save trait"))) throw new ChangeCancelled();
    await api.patch(urls.trait(environmentKey, identityId, trait.id), { trait_value: value });
    await refresh();
    toast({ message: `Saved the trait ${trait.trait_key}.` });
  };

  return (
    <Section title="Traits" description="Facts about the identity that segments match on. SDKs set them too.">
      <ErrorMessage error={error} />
      <Card>
        {!traits && !error && <ListSkeleton rows={2} />}
        {traits?.length === 0 && (
          <p className="px-4 py-4 text-sm text-zinc-600 dark:text-zinc-400">
            No traits yet. Add one below, e.g. plan = pro.
          </p>
        )}
        {traits && traits.length > 0 && (
          <ul aria-label="Traits" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {traits.map((trait) => (
              <TraitRow
                key={trait.id}
                trait={trait}
                onSave={(value) => update(trait, value)}
                onDelete={() => setDeleting(trait)}
              />
            ))}
          </ul>
        )}
        <div className="border-t border-zinc-200 p-4 dark:border-zinc-800">
          <AddTraitForm onAdd={add} />
        </div>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete trait “${deleting?.trait_key}”?`}
        message="Segments that look at it stop matching this identity on it."
        confirmLabel="Delete trait"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!(await ask("Delete", deleting!.trait_key, "Delete trait"))) return;
          const removed = deleting!;
          await api.delete(urls.trait(environmentKey, identityId, removed.id));
          await refresh();
          toast({
            message: `Deleted the trait ${removed.trait_key}.`,
            action: {
              label: "Undo",
              onClick: async () => {
                await api.post(urls.traits(environmentKey, identityId), {
                  trait_key: removed.trait_key,
                  trait_value: removed.trait_value,
                });
                await refresh();
                toast({ message: `Put back the trait ${removed.trait_key}.` });
              },
            },
          });
        }}
      />
    </Section>
  );
}
