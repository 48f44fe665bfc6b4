"use client";
// Wraps controls the user may not use: every input and button inside is disabled (a
// disabled <fieldset>), and a note says why. Reading stays possible.
import type { ReactNode } from "react";

export function PermissionGate({ denial, children }: { denial: string | undefined; children: ReactNode }) {
  if (denial === undefined) return <>{children}</>;
  return (
    <fieldset disabled title={denial} className="min-w-0 space-y-2">
      <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="permission-note">
        {denial}
      </p>
      {children}
    </fieldset>
  );
}
