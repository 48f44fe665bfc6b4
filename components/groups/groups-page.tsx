"use client";
// Groups of an organisation: people granted permissions together. A default group takes in
// everyone who joins the organisation. Holders of MANAGE_USER_GROUPS see and change every
// group; a group's admins see theirs and change its members (./group-members.tsx).
import { useState } from "react";
import { mutate } from "swr";
import { LoadError } from "@/components/common/load-error";
import { NameDialog } from "@/components/common/name-dialog";
import { useMembers } from "@/components/members/members-page";
import { useScopedKeyGrantees } from "@/components/organisations/scoped-api-keys";
import { personName } from "@/components/members/member-name";
import { useOrganisationPermissions } from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { compactSelectClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { allPagesKey, fetchList, useApi, useMe, useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { OrganisationMember, UserGroup } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { GroupMembers } from "./group-members";

/** Every group of the organisation (the API pages them by 10). */
export const groupsKey = (organisationId: number) => allPagesKey(urls.groups(organisationId));
export const useGroups = (organisationId: number | null) =>
  useApi<UserGroup[]>(organisationId ? groupsKey(organisationId) : null, {
    fetcher: () => fetchList<UserGroup>(urls.groups(organisationId!)),
  });

export function GroupsPage({ organisationId }: { organisationId: number }) {
  const { data: org, error: orgError } = useOrganisation(organisationId);
  const { data, error } = useGroups(organisationId);
  const groups = data;
  const { data: members } = useMembers(organisationId);
  const permissions = useOrganisationPermissions(organisationId);
  const manage = permissions.denial("MANAGE_USER_GROUPS");
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);

  const create = async (name: string) => {
    await api.post(urls.groupsCreate(organisationId), { name, is_default: false });
    await mutate(groupsKey(organisationId));
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
        title="Groups"
        back={org ? { href: paths.organisation(organisationId), label: org.name } : undefined}
        description="Grant permissions to a group once instead of to each person. Project and environment settings say what each group may do."
        actions={
          <Button
            variant="primary"
            onClick={() => setCreating(true)}
            disabled={manage !== undefined}
            title={manage}
          >
            New group
          </Button>
        }
      />
      <ErrorMessage error={error} />
      {!groups && !error && <ListSkeleton rows={3} />}
      {groups?.length === 0 && (
        <EmptyState title="No groups yet" level={2}>
          A group is a team, such as “Mobile developers” or “QA”. Create one, add people, then grant it
          permissions in a project or an environment.
        </EmptyState>
      )}
      {groups && groups.length > 0 && (
        <ul aria-label="Groups" className="space-y-4">
          {groups.map((group) => (
            <li key={group.id}>
              <GroupCard
                organisationId={organisationId}
                group={group}
                members={members ?? []}
                denial={manage}
                meId={me?.id}
                isOrganisationAdmin={permissions.admin}
              />
            </li>
          ))}
        </ul>
      )}
      <NameDialog
        open={creating}
        title="New group"
        label="Group name"
        placeholder="Mobile developers"
        submitLabel="Create group"
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
    </div>
  );
}

function GroupCard({
  organisationId,
  group,
  members,
  denial,
  meId,
  isOrganisationAdmin,
}: {
  organisationId: number;
  group: UserGroup;
  members: OrganisationMember[];
  /** Why the user may not change groups, if they may not. */
  denial: string | undefined;
  meId: number | undefined;
  isOrganisationAdmin: boolean;
}) {
  const toast = useToast();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [adding, setAdding] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => mutate(groupsKey(organisationId));
  const locked = denial !== undefined;
  // A group's admins change its members without MANAGE_USER_GROUPS.
  const isGroupAdmin = group.users.some((u) => u.id === meId && u.group_admin);
  const membersDenial = isGroupAdmin ? undefined : denial;
  const inGroup = new Set(group.users.map((u) => u.id));
  const candidates = members.filter((m) => !inGroup.has(m.id) && (isOrganisationAdmin || m.id !== meId));
  // Scoped API keys join groups through their hidden accounts (listed to organisation admins only).
  const keyCandidates = useScopedKeyGrantees(organisationId).filter((k) => !inGroup.has(k.userId));
  const choices = candidates.length + keyCandidates.length;
  const headingId = `group-${group.id}`;

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      if (done) toast({ message: done });
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const add = () => {
    const member = members.find((m) => String(m.id) === adding);
    const key = keyCandidates.find((k) => String(k.userId) === adding);
    const joining = member
      ? { id: member.id, name: personName(member) }
      : key && { id: key.userId, name: key.name };
    if (!joining) return;
    void run(async () => {
      await api.post(urls.groupAddUsers(organisationId, group.id), { user_ids: [joining.id] });
      setAdding("");
    }, `${joining.name} joined ${group.name}.`);
  };

  return (
    <Card className="p-4">
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <h2 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-100">
              {group.name}
            </h2>
            {group.is_default && <Badge tone="indigo">Default</Badge>}
            {isGroupAdmin && !isOrganisationAdmin && <Badge tone="neutral">You administer this group</Badge>}
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {group.users.length} {group.users.length === 1 ? "member" : "members"}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label
              className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
              title={denial}
            >
              <Switch
                checked={group.is_default}
                label={`Default group: ${group.name}`}
                disabled={locked || busy}
                onChange={(next) =>
                  void run(() => api.patch(urls.group(organisationId, group.id), { is_default: next }))
                }
              />
              Default
            </label>
            <Button size="sm" onClick={() => setDialog("rename")} disabled={locked} title={denial}>
              Rename<span className="sr-only"> {group.name}</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setDialog("delete")}
              disabled={locked}
              title={denial}
            >
              Delete<span className="sr-only"> {group.name}</span>
            </Button>
          </div>
        </div>
        <ErrorMessage message={problem} />
        <GroupMembers
          organisationId={organisationId}
          group={group}
          meId={meId}
          isOrganisationAdmin={isOrganisationAdmin}
          denial={membersDenial}
          busy={busy}
          run={(action, done) => void run(action, done)}
        />
        {membersDenial === undefined && (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            <select
              aria-label={`Member to add to ${group.name}`}
              className={compactSelectClass}
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              disabled={choices === 0}
            >
              <option value="">{choices === 0 ? "Everyone is in this group" : "Choose a member…"}</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {personName(m)} ({m.email})
                </option>
              ))}
              {keyCandidates.length > 0 && (
                <optgroup label="Scoped API keys">
                  {keyCandidates.map((k) => (
                    <option key={k.userId} value={k.userId}>
                      {k.label}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
            <Button type="submit" size="sm" disabled={!adding} busy={busy}>
              Add to group
            </Button>
          </form>
        )}
      </section>
      <NameDialog
        open={dialog === "rename"}
        title="Rename group"
        label="Group name"
        submitLabel="Save"
        initialName={group.name}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          await api.patch(urls.group(organisationId, group.id), { name });
          await refresh();
        }}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        title={`Delete group “${group.name}”?`}
        message="Its members stay in the organisation but lose the permissions granted to the group."
        confirmLabel="Delete group"
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await api.delete(urls.group(organisationId, group.id));
          await refresh();
          toast({ message: `Group ${group.name} was deleted.` });
        }}
      />
    </Card>
  );
}
