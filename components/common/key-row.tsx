"use client";
// One secret key in a list (organisation API keys, server-side keys): its name, what is
// safe to show of it, and Revoke, which asks first in the page's own dialog.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

type KeyRowProps = {
  name: string;
  /** Shown after the name: access, expiry. */
  badges?: ReactNode;
  /** The monospace line: the masked key, when it was made, when it expires. */
  detail: ReactNode;
  /** Anything under it, such as the key's ids. */
  children?: ReactNode;
  onRevoke: () => void;
};

export function KeyRow({ name, badges, detail, children, onRevoke }: KeyRowProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {name}
          {badges}
        </p>
        <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{detail}</p>
        {children}
      </div>
      <Button size="sm" variant="ghost" className="text-red-600 dark:text-red-400" onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}
