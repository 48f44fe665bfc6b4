"use client";
// A page the user may not see at all: it says so (and why) instead of asking the API for a 403.
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { Permissions } from "./use-permissions";

export function PermissionRequired({
  permissions,
  permission,
  title,
  children,
}: {
  permissions: Permissions;
  permission: string;
  /** The page's title, shown above the refusal. */
  title: string;
  children: ReactNode;
}) {
  if (!permissions.loaded) return <Skeleton className="h-32" />;
  const denial = permissions.denial(permission);
  if (denial === undefined) return <>{children}</>;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
      <EmptyState title="You cannot see this page">
        {denial} Ask an organisation admin to grant you the permission.
      </EmptyState>
    </div>
  );
}
