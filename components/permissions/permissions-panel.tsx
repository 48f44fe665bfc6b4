"use client";
// Who may do what in the organisation, one project or one environment: pick a member or a
// group, tick the permission keys (or make them admin of a project or environment; an
// organisation's admins are its ADMIN role), save. Grants go through the
// …/user-permissions/ and …/user-group-permissions/ endpoints.
import { useEffect, useState } from "react";
import { mutate } from "swr";
import { useGroups } from "@/components/groups/groups-page";
import { useMembers } from "@/components/members/members-page";
import { personName } from "@/components/members/member-name";
import { useScopedKeyGrantees } from "@/components/organisations/scoped-api-keys";
import { EffectivePermissions } from "@/components/permissions/effective-permissions";
import { EnvironmentAccessWarning } from "@/components/permissions/environment-access-warning";
import type { PermissionScope } from "@/components/permissions/permission-scope";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, SelectField } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { listOf, useApi } from "@/lib/dashboard/hooks";
import type { GroupGrant, Page, PermissionKey, UserGrant } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const scopePath = (scope: PermissionScope) =>
  scope.kind === "environment" ? `environments/${scope.key}` : `${scope.kind}s/${scope.id}`;

const idOf = (value: number | { id: number }) => (typeof value === "number" ? value : value.id);

/** The selected grantee: `user:12` or `group:3`. */
type Who = `${"user" | "group"}:${number}`;

type PanelProps = {
  scope: PermissionScope;
  organisationId: number;
  /** The section's heading (a page named "Permissions" gives it another). */
  title?: string;
  /**
   * On a page about something else (a project, an environment's settings), the editor and its six
   * lists load only once someone opens it, or when the address points at the section.
   */
  deferred?: boolean;
};

export function PermissionsPanel({
  scope,
  organisationId,
  title = "Permissions",
  deferred = false,
}: PanelProps) {
  const noun = scope.kind;
  const sectionId = `${noun}-permissions`;
  // "opened" (by the button): the picker takes the focus the button had.
  const [open, setOpen] = useState<boolean | "opened">(!deferred);
  useEffect(() => {
    if (window.location.hash === `#${sectionId}`) setOpen(true);
  }, [sectionId]);
  return (
    <Section
      id={sectionId}
      title={title}
      description={`What members and groups may do in this ${noun}. Organisation admins may always do everything.`}
    >
      {open ? (
        <PermissionsEditor scope={scope} organisationId={organisationId} focusPicker={open === "opened"} />
      ) : (
        <Card className="p-4">
          <Button aria-expanded={false} onClick={() => setOpen("opened")}>
            Manage permissions
          </Button>
        </Card>
      )}
    </Section>
  );
}

function PermissionsEditor({
  scope,
  organisationId,
  focusPicker,
}: {
  scope: PermissionScope;
  organisationId: number;
  focusPicker: boolean;
}) {
  const path = scopePath(scope);
  const toast = useToast();
  const { data: keys, error: keysError } = useApi<PermissionKey[]>(urls.permissionKeys(`${scope.kind}s`));
  const userGrantsUrl = urls.grants(path, "user");
  const groupGrantsUrl = urls.grants(path, "user-group");
  const { data: userGrantData, error: userError } = useApi<UserGrant[] | Page<UserGrant>>(userGrantsUrl);
  const { data: groupGrantData, error: groupError } = useApi<GroupGrant[] | Page<GroupGrant>>(groupGrantsUrl);
  const userGrants = listOf(userGrantData);
  const groupGrants = listOf(groupGrantData);
  const { data: members } = useMembers(organisationId);
  const { data: groups } = useGroups(organisationId);
  const apiKeys = useScopedKeyGrantees(organisationId);

  const [who, setWho] = useState<Who | "">("");
  const [admin, setAdmin] = useState(false);
  // Organisation grants have no admin flag: the organisation's admins hold the ADMIN role.
  const hasAdminFlag = scope.kind !== "organisation";
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const [kind, rawId] = who ? (who.split(":") as ["user" | "group", string]) : [null, ""];
  const whoId = Number(rawId);
  const existing =
    kind === "user"
      ? userGrants?.find((g) => idOf(g.user) === whoId)
      : kind === "group"
        ? groupGrants?.find((g) => idOf(g.group) === whoId)
        : undefined;

  // Selecting someone shows what they have now.
  useEffect(() => {
    setAdmin(existing?.admin ?? false);
    setTicked(existing?.permissions ?? []);
    setProblem(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [who, existing?.id]);

  const nameOf = (k: "user" | "group", id: number) =>
    k === "user"
      ? (() => {
          const m = members?.find((x) => x.id === id);
          return m ? personName(m) : (apiKeys.find((k) => k.userId === id)?.name ?? `User ${id}`);
        })()
      : (groups?.find((g) => g.id === id)?.name ?? `Group ${id}`);

  const save = async () => {
    if (!kind) return;
    setBusy(true);
    setProblem(null);
    const whoField = kind === "user" ? { user: whoId } : { group: whoId };
    const endpoint = kind === "user" ? "user" : "user-group";
    const body = { ...whoField, ...(hasAdminFlag ? { admin } : {}), permissions: ticked };
    try {
      if (existing) await api.put(urls.grant(path, endpoint, existing.id), body);
      else await api.post(urls.grants(path, endpoint), body);
      await mutate(kind === "user" ? userGrantsUrl : groupGrantsUrl);
      toast({ message: `Permissions of ${nameOf(kind, whoId)} saved.` });
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!kind || !existing) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.delete(urls.grant(path, kind === "user" ? "user" : "user-group", existing.id));
      await mutate(kind === "user" ? userGrantsUrl : groupGrantsUrl);
      toast({ message: `${nameOf(kind, whoId)} no longer has permissions here.` });
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (key: string, on: boolean) =>
    setTicked((list) => (on ? [...list.filter((k) => k !== key), key] : list.filter((k) => k !== key)));

  const noun = scope.kind;
  const grants: { who: Who; name: string; admin: boolean; permissions: string[]; group: boolean }[] = [
    ...(userGrants ?? []).map((g) => ({
      who: `user:${idOf(g.user)}` as Who,
      name: nameOf("user", idOf(g.user)),
      admin: g.admin ?? false,
      permissions: g.permissions,
      group: false,
    })),
    ...(groupGrants ?? []).map((g) => ({
      who: `group:${idOf(g.group)}` as Who,
      name: nameOf("group", idOf(g.group)),
      admin: g.admin ?? false,
      permissions: g.permissions,
      group: true,
    })),
  ].filter((g) => g.admin || g.permissions.length > 0);

  return (
    <>
      <ErrorMessage error={keysError ?? userError ?? groupError} />
      <Card className="space-y-4 p-4">
        {grants.length > 0 && (
          <ul aria-label={`Who has permissions in this ${noun}`} className="space-y-1.5 text-sm">
            {grants.map((g) => (
              <li key={g.who} className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  onClick={() => setWho(g.who)}
                >
                  {g.name}
                </button>
                {g.group && <Badge>Group</Badge>}
                {g.admin ? (
                  <Badge tone="indigo">Admin</Badge>
                ) : (
                  g.permissions.map((p) => (
                    <Badge key={p} tone="neutral">
                      {p}
                    </Badge>
                  ))
                )}
              </li>
            ))}
          </ul>
        )}
        <SelectField
          label={apiKeys.length > 0 ? "Member, group or API key" : "Member or group"}
          value={who}
          onChange={(e) => setWho(e.target.value as Who | "")}
          className="max-w-md"
          autoFocus={focusPicker}
        >
          <option value="">Choose who…</option>
          <optgroup label="Members">
            {members?.map((m) => (
              <option key={m.id} value={`user:${m.id}`}>
                {personName(m)} ({m.email})
              </option>
            ))}
          </optgroup>
          {groups && groups.length > 0 && (
            <optgroup label="Groups">
              {groups.map((g) => (
                <option key={g.id} value={`group:${g.id}`}>
                  {g.name}
                </option>
              ))}
            </optgroup>
          )}
          {apiKeys.length > 0 && (
            <optgroup label="Scoped API keys">
              {apiKeys.map((k) => (
                <option key={k.userId} value={`user:${k.userId}`}>
                  {k.label}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        {kind === "user" && (
          <EffectivePermissions key={whoId} scope={scope} organisationId={organisationId} userId={whoId} />
        )}
        {kind && scope.kind === "project" && !admin && ticked.includes("VIEW_PROJECT") && (
          <EnvironmentAccessWarning projectId={scope.id} kind={kind} id={whoId} name={nameOf(kind, whoId)} />
        )}
        {kind && (
          <form
            className="space-y-3"
            aria-label={`Permissions of ${nameOf(kind, whoId)}`}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {hasAdminFlag && (
              <Checkbox
                label={`Administrator of this ${noun}`}
                hint="May do everything here, including changing settings and permissions."
                checked={admin}
                onChange={(e) => setAdmin(e.target.checked)}
              />
            )}
            {!keys && !keysError && <Skeleton className="h-24" />}
            <fieldset disabled={admin} className="grid gap-2 disabled:opacity-50 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300">
                {admin ? "Administrators have every permission" : "Permissions"}
              </legend>
              {keys?.map((k) => (
                <Checkbox
                  key={k.key}
                  label={k.key}
                  hint={k.description}
                  checked={admin || ticked.includes(k.key)}
                  onChange={(e) => toggle(k.key, e.target.checked)}
                />
              ))}
            </fieldset>
            <ErrorMessage message={problem} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="primary" busy={busy}>
                Save permissions
              </Button>
              {existing && (
                <Button variant="ghost" onClick={() => void revoke()} disabled={busy}>
                  Remove all permissions
                </Button>
              )}
            </div>
          </form>
        )}
      </Card>
    </>
  );
}
