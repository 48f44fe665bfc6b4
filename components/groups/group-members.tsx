"use client";
// The members of one group: who they are, who administers the group (organisation admins
// switch that), and removing them (those who may change the group's members: holders of
// MANAGE_USER_GROUPS and the group's own admins, but only organisation admins themselves).
import { personName } from "@/components/members/member-name";
import { isKeyAccount } from "@/components/organisations/scoped-api-keys";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { api } from "@/lib/dashboard/api-client";
import type { GroupMember, UserGroup } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export const SELF_DENIAL = "Only organisation admins can add or remove themselves.";

export function GroupMembers({
  organisationId,
  group,
  meId,
  isOrganisationAdmin,
  denial,
  busy,
  run,
}: {
  organisationId: number;
  group: UserGroup;
  meId: number | undefined;
  isOrganisationAdmin: boolean;
  /** Why the user may not change this group's members, if they may not. */
  denial: string | undefined;
  busy: boolean;
  run: (action: () => Promise<unknown>, done?: string) => void;
}) {
  if (group.users.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">Nobody is in this group yet.</p>;

  const setAdmin = (user: GroupMember, next: boolean) =>
    run(
      () =>
        api.post(urls.groupAdmin(organisationId, group.id, user.id, next ? "make-admin" : "remove-admin")),
      next
        ? `${personName(user)} is now an admin of ${group.name}.`
        : `${personName(user)} is no longer an admin of ${group.name}.`,
    );

  return (
    <ul aria-label={`Members of ${group.name}`} className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {group.users.map((user) => {
        const removal = denial ?? (user.id === meId && !isOrganisationAdmin ? SELF_DENIAL : undefined);
        return (
          <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 py-1.5 text-sm">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">{personName(user)}</span>
              {isKeyAccount(user) ? (
                <Badge tone="neutral">Scoped API key</Badge>
              ) : (
                <span className="text-zinc-500 dark:text-zinc-400">{user.email}</span>
              )}
              {user.group_admin && <Badge tone="indigo">Group admin</Badge>}
            </span>
            <span className="flex items-center gap-3">
              {isOrganisationAdmin && (
                <label className="flex items-center gap-2 text-zinc-700 dark:text-zinc-300">
                  <Switch
                    checked={user.group_admin ?? false}
                    label={`Group admin: ${user.email} in ${group.name}`}
                    disabled={busy}
                    onChange={(next) => setAdmin(user, next)}
                  />
                  Admin
                </label>
              )}
              <Button
                size="sm"
                variant="ghost"
                disabled={removal !== undefined || busy}
                title={removal}
                onClick={() =>
                  run(
                    () => api.post(urls.groupRemoveUsers(organisationId, group.id), { user_ids: [user.id] }),
                    `${personName(user)} left ${group.name}.`,
                  )
                }
              >
                Remove
                <span className="sr-only">
                  {" "}
                  {user.email} from {group.name}
                </span>
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
