"use client";
// What one member may effectively do in a project or an environment, and why: their own grant,
// a group's grant, admin of the project, organisation admin. Read from
// …/user-detailed-permissions/{userId}/ when the disclosure is opened.
import { useEffect, useState } from "react";
import { useMembers } from "@/components/members/members-page";
import { personName } from "@/components/members/member-name";
import { Badge } from "@/components/ui/badge";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useApi } from "@/lib/dashboard/hooks";
import type { PermissionSources, UserDetailedPermissions } from "@/lib/dashboard/types";
import type { PermissionScope } from "./permission-scope";
import { urls } from "@/lib/dashboard/urls";

function Sources({ direct, derived, own }: { direct: boolean; derived: PermissionSources; own: string }) {
  return (
    <>
      {direct && <Badge tone="indigo">{own}</Badge>}
      {derived.groups.map((g) => (
        <Badge key={g.id} tone="green">
          via group {g.name}
        </Badge>
      ))}
    </>
  );
}

export function EffectivePermissions({
  scope,
  organisationId,
  userId,
}: {
  scope: PermissionScope;
  organisationId: number;
  userId: number;
}) {
  const noun = scope.kind;
  const scopePath = scope.kind === "environment" ? `environments/${scope.key}` : `${scope.kind}s/${scope.id}`;
  const member = useMembers(organisationId).data?.find((m) => m.id === userId);
  const name = member ? personName(member) : `User ${userId}`;
  const isOrganisationAdmin = member?.role === "ADMIN";
  const [open, setOpen] = useState(false);
  const { data, error, mutate } = useApi<UserDetailedPermissions>(
    open ? urls.userDetailedPermissions(scopePath, userId) : null,
  );
  // The panel's grant lists (the same SWR keys): when a grant here changes, read the answer again.
  const { data: userGrants } = useApi<unknown>(urls.grants(scopePath, "user"));
  const { data: groupGrants } = useApi<unknown>(urls.grants(scopePath, "user-group"));
  useEffect(() => {
    if (open) void mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userGrants, groupGrants]);

  const ownAdmin = isOrganisationAdmin
    ? "organisation admin"
    : noun === "environment"
      ? "own admin grant (here or on the project)"
      : "own admin grant";

  return (
    <details
      className="rounded-md border border-zinc-200 text-sm dark:border-zinc-800"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer px-3 py-2 font-medium text-zinc-700 dark:text-zinc-300">
        Effective permissions of {name}
      </summary>
      <div className="space-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <ErrorMessage error={error} />
        {!data && !error && <Skeleton className="h-12" />}
        {data && (
          <>
            {data.admin ? (
              <p className="flex flex-wrap items-center gap-2">
                <span>Administrator of this {noun}: every permission, from</span>
                <Sources direct={data.is_directly_granted} derived={data.derived_from} own={ownAdmin} />
              </p>
            ) : (
              data.permissions.length === 0 && <p>No permissions in this {noun}.</p>
            )}
            {data.permissions.length > 0 && (
              <ul aria-label={`Permissions of ${name} and their sources`} className="space-y-1.5">
                {data.permissions.map((p) => (
                  <li key={p.permission_key} className="flex flex-wrap items-center gap-2">
                    <code className="text-xs">{p.permission_key}</code>
                    <Sources direct={p.is_directly_granted} derived={p.derived_from} own="own grant" />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </details>
  );
}
