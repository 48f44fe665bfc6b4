"use client";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The delete block at the bottom of a settings page; typing the name confirms. */
export function DangerZone({
  what,
  name,
  consequence,
  onDelete,
}: {
  what: string;
  name: string;
  consequence: ReactNode;
  onDelete: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-red-200 bg-red-50/50 p-4 dark:border-red-900/60 dark:bg-red-950/20">
      <div>
        <h3 className="text-sm font-semibold text-red-800 dark:text-red-300">Delete this {what}</h3>
        <p className="mt-0.5 text-sm text-red-700/80 dark:text-red-300/70">{consequence}</p>
      </div>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete {what}
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${what} “${name}”?`}
        message={consequence}
        confirmLabel={`Delete ${what}`}
        requireText={name}
        action={`delete the ${what} ${name}`}
        onClose={() => setOpen(false)}
        onConfirm={onDelete}
      />
    </div>
  );
}
