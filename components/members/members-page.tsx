"use client";
// The people of an organisation: their role (admin or user), changing it, removing them.
// The API keeps at least one admin; the page says so before and after it refuses.
import { useState } from "react";
import { mutate } from "swr";
import { LoadError } from "@/components/common/load-error";
import { useOrganisationPermissions } from "@/components/permissions/use-permissions";
import { ButtonLink, Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { compactSelectClass } from "@/components/ui/field";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { ApiError, errorMessage } from "@/lib/dashboard/fetcher";
import { useApi, useMe, useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { OrganisationMember } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { personName } from "./member-name";

type Role = OrganisationMember["role"];

export const LAST_ADMIN_MESSAGE =
  "An organisation needs at least one admin. Make another member an admin first, then try again.";

export const useMembers = (organisationId: number | null) =>
  useApi<OrganisationMember[]>(organisationId ? urls.members(organisationId) : null);

export function MembersPage({ organisationId }: { organisationId: number }) {
  const { data: org, error: orgError } = useOrganisation(organisationId);
  const { data: members, error } = useMembers(organisationId);
  const { data: me } = useMe();
  const permissions = useOrganisationPermissions(organisationId);
  const canManage = permissions.allows("ADMIN");
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);

  const admins = members?.filter((m) => m.role === "ADMIN").length ?? 0;
  const isLastAdmin = (member: OrganisationMember) => member.role === "ADMIN" && admins <= 1;
  /** The API's refusal, with the reason spelled out when it is the last admin. */
  const explain = (e: unknown, member: OrganisationMember) =>
    e instanceof ApiError && e.status === 400 && isLastAdmin(member) ? LAST_ADMIN_MESSAGE : errorMessage(e);

  const changeRole = async (member: OrganisationMember, role: Role) => {
    setProblem(null);
    setBusy(member.id);
    try {
      await api.post(urls.memberRole(organisationId, member.id), { role });
      toast({ message: `${personName(member)} is now ${role === "ADMIN" ? "an admin" : "a user"}.` });
    } catch (e) {
      setProblem(explain(e, member));
    } finally {
      setBusy(null);
      await Promise.all([mutate(urls.members(organisationId)), mutate(urls.organisations)]);
    }
  };

  const remove = async (member: OrganisationMember) => {
    try {
      await api.post(urls.removeMembers(organisationId), [{ id: member.id }]);
    } catch (e) {
      throw new Error(explain(e, member));
    }
    await mutate(urls.members(organisationId));
    toast({ message: `${personName(member)} was removed from the organisation.` });
  };

  if (orgError)
    return (
      <LoadError
        error={orgError}
        what="organisation"
        back={[{ href: paths.organisations, label: "Back to organisations" }]}
      />
    );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Members"
        back={org ? { href: paths.organisation(organisationId), label: org.name } : undefined}
        description="Everyone in this organisation. Admins can do everything; users only what their permissions and groups allow."
        actions={
          permissions.allows("MANAGE_USERS") ? (
            <ButtonLink variant="primary" href={paths.invitations(organisationId)}>
              Invite people
            </ButtonLink>
          ) : undefined
        }
      />
      <Section
        title="People"
        description={members && `${members.length} ${members.length === 1 ? "member" : "members"}`}
      >
        <ErrorMessage error={error} />
        <ErrorMessage message={problem} />
        {!members && !error && <ListSkeleton rows={3} />}
        {members && (
          <Card className="overflow-x-auto">
            <table aria-label="Members" className="w-full text-left text-sm">
              <thead className="border-b border-zinc-200 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-3 py-2 sm:px-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="hidden px-3 py-2 sm:px-4 font-medium sm:table-cell">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2 sm:px-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2 sm:px-4 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {members.map((member) => {
                  const name = personName(member);
                  const lastAdmin = isLastAdmin(member);
                  return (
                    <tr key={member.id} data-testid="member-row">
                      <td className="px-3 py-2.5 sm:px-4 font-medium text-zinc-900 dark:text-zinc-100">
                        {name}
                        {me?.id === member.id && (
                          <span className="ml-2">
                            <Badge>You</Badge>
                          </span>
                        )}
                        <span className="block text-xs font-normal break-all text-zinc-600 sm:hidden dark:text-zinc-400">
                          {member.email}
                        </span>
                      </td>
                      <td className="hidden px-3 py-2.5 text-zinc-600 sm:table-cell sm:px-4 dark:text-zinc-400">
                        {member.email}
                      </td>
                      <td className="px-3 py-2.5 sm:px-4">
                        {canManage ? (
                          <select
                            aria-label={`Role of ${member.email}`}
                            className={compactSelectClass}
                            value={member.role}
                            disabled={busy === member.id}
                            title={
                              lastAdmin ? "The last admin: make another member an admin first." : undefined
                            }
                            onChange={(e) => void changeRole(member, e.target.value as Role)}
                          >
                            <option value="ADMIN">Admin</option>
                            <option value="USER">User</option>
                          </select>
                        ) : (
                          <Badge tone={member.role === "ADMIN" ? "indigo" : "neutral"}>
                            {member.role === "ADMIN" ? "Admin" : "User"}
                          </Badge>
                        )}
                      </td>
                      <td className="px-3 py-2.5 sm:px-4 text-right">
                        {canManage && (
                          <Button size="sm" variant="ghost" onClick={() => setRemoving(member)}>
                            Remove<span className="sr-only"> {member.email}</span>
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Card>
        )}
        {members && !canManage && permissions.loaded && (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            Only organisation admins can change roles or remove members.
          </p>
        )}
      </Section>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${personName(removing)}?` : ""}
        message={
          removing && isLastAdmin(removing)
            ? `${personName(removing)} is the organisation's last admin. ${LAST_ADMIN_MESSAGE}`
            : "They lose access to every project of this organisation and leave its groups. You can invite them again later."
        }
        confirmLabel="Remove member"
        onClose={() => setRemoving(null)}
        onConfirm={() => remove(removing!)}
      />
    </div>
  );
}
