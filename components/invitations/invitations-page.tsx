"use client";
// An organisation's invitations: invite people by email with a role (the link is shown to
// copy, and emailed when the server has SMTP), the pending invitations (resend for a new
// link, revoke), and shareable invite links (role, optional expiry, copy, delete).
import { useState, type FormEvent } from "react";
import { mutate } from "swr";
import { LoadError } from "@/components/common/load-error";
import { useOrganisationPermissions } from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { compactSelectClass, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton, Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useApi, useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Invite, InviteLink, InviteWithLink } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Role = "ADMIN" | "USER";

const EMAIL_STATUS: Record<Invite["email_status"], string> = {
  NOT_CONFIGURED: "Not emailed (no SMTP): copy the link",
  SENT: "Emailed",
  FAILED: "Email failed: copy the link",
};

function RoleSelect({
  value,
  onChange,
  label,
  admins,
}: {
  value: Role;
  onChange: (r: Role) => void;
  label: string;
  /** Whether the ADMIN role may be handed out (organisation admins only; MANAGE_USERS invites users). */
  admins: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      className={compactSelectClass}
    >
      <option value="USER">User</option>
      {admins && <option value="ADMIN">Admin</option>}
    </select>
  );
}

/** A link just made: shown with a copy button, since pending invitations do not show it again. */
function FreshLinks({ links }: { links: InviteWithLink[] }) {
  if (links.length === 0) return null;
  return (
    <Card>
      <ul aria-label="New invitation links" className="divide-y divide-zinc-200 p-0 dark:divide-zinc-800">
        {links.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-3 p-4">
            <span className="text-sm font-medium">{invite.email}</span>
            <Badge tone={invite.email_status === "SENT" ? "green" : "amber"}>
              {EMAIL_STATUS[invite.email_status]}
            </Badge>
            <input
              readOnly
              aria-label={`Invitation link for ${invite.email}`}
              value={invite.invite_url}
              className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
              onFocus={(e) => e.target.select()}
            />
            <CopyButton value={invite.invite_url} label="Copy link" />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function EmailInvitations({ organisationId, admins }: { organisationId: number; admins: boolean }) {
  const listUrl = urls.invites(organisationId);
  const { data, error } = useApi<Invite[]>(listUrl);
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<Role>("USER");
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<InviteWithLink[]>([]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const list = emails
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    if (list.length === 0) return setFormError("Enter at least one email address.");
    setBusy(true);
    try {
      const made = await api.post<InviteWithLink[]>(urls.invite(organisationId), {
        invites: list.map((email) => ({ email, role })),
      });
      setFresh(made);
      setEmails("");
      await mutate(listUrl);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const resend = async (invite: Invite) => {
    try {
      const made = await api.post<InviteWithLink>(urls.inviteResend(organisationId, invite.id));
      setFresh([made]);
      await mutate(listUrl);
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };
  const revoke = async (invite: Invite) => {
    try {
      await api.delete(urls.inviteOne(organisationId, invite.id));
      setFresh((links) => links.filter((l) => l.id !== invite.id));
      await mutate(listUrl);
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };

  return (
    <Section
      title="Invite by email"
      description="Each invitation has its own link for that email, valid for 7 days. It is emailed when the server has SMTP settings; otherwise copy it and send it yourself."
    >
      <form onSubmit={invite} className="flex flex-wrap items-end gap-2">
        <input
          aria-label="Emails to invite"
          placeholder="ada@example.com, grace@example.com"
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          className={`${inputClass} max-w-md`}
        />
        <RoleSelect value={role} onChange={setRole} label="Role of the invited people" admins={admins} />
        <Button type="submit" variant="primary" busy={busy}>
          Invite
        </Button>
      </form>
      <ErrorMessage message={formError} error={error} />
      <FreshLinks links={fresh} />
      <h3 className="pt-2 text-sm font-semibold">Pending invitations</h3>
      {!data && !error && (
        <Card>
          <ListSkeleton rows={1} />
        </Card>
      )}
      {data?.length === 0 && (
        <EmptyState title="No pending invitations">Invited people show here until they join.</EmptyState>
      )}
      {data && data.length > 0 && (
        <Card>
          <ul aria-label="Pending invitations" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {data.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center gap-3 p-4">
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{invite.email}</span>
                <Badge tone={invite.role === "ADMIN" ? "indigo" : "neutral"}>{invite.role}</Badge>
                {invite.is_expired ? (
                  <Badge tone="red">Expired</Badge>
                ) : (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    Expires {new Date(invite.expires_at).toLocaleDateString()}
                  </span>
                )}
                <Button size="sm" onClick={() => resend(invite)} aria-label={`New link for ${invite.email}`}>
                  {invite.email_status === "NOT_CONFIGURED" ? "New link" : "Resend"}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-zinc-500 dark:text-zinc-400 hover:text-red-600"
                  onClick={() => revoke(invite)}
                  aria-label={`Revoke invitation of ${invite.email}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}

function InviteLinks({ organisationId, admins }: { organisationId: number; admins: boolean }) {
  const listUrl = urls.inviteLinks(organisationId);
  const { data, error } = useApi<InviteLink[]>(listUrl);
  const [role, setRole] = useState<Role>("USER");
  const [days, setDays] = useState("7");
  const [formError, setFormError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const expires_at = days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null;
    try {
      await api.post(listUrl, { role, expires_at });
      await mutate(listUrl);
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };
  const remove = async (link: InviteLink) => {
    try {
      await api.delete(urls.inviteLink(organisationId, link.id));
      await mutate(listUrl);
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };

  return (
    <Section
      title="Invite links"
      description="Anyone holding a link can join with its role (new people sign up through it) until it expires or you delete it."
    >
      <form onSubmit={create} className="flex flex-wrap items-end gap-2">
        <RoleSelect value={role} onChange={setRole} label="Role of people joining by link" admins={admins} />
        <select
          aria-label="Link expiry"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className={compactSelectClass}
        >
          <option value="1">Expires in 1 day</option>
          <option value="7">Expires in 7 days</option>
          <option value="30">Expires in 30 days</option>
          <option value="">Never expires</option>
        </select>
        <Button type="submit" variant="primary">
          Create link
        </Button>
      </form>
      <ErrorMessage message={formError} error={error} />
      {!data && !error && (
        <Card>
          <ListSkeleton rows={1} />
        </Card>
      )}
      {data?.length === 0 && (
        <EmptyState title="No invite links">Create one to share with a team.</EmptyState>
      )}
      {data && data.length > 0 && (
        <Card>
          <ul aria-label="Invite links" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {data.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-3 p-4">
                <Badge tone={link.role === "ADMIN" ? "indigo" : "neutral"}>{link.role}</Badge>
                <input
                  readOnly
                  aria-label={`Invite link ${link.id}`}
                  value={link.invite_url}
                  className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
                  onFocus={(e) => e.target.select()}
                />
                {link.is_expired ? (
                  <Badge tone="red">Expired</Badge>
                ) : (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {link.expires_at
                      ? `Expires ${new Date(link.expires_at).toLocaleDateString()}`
                      : "No expiry"}
                  </span>
                )}
                <CopyButton value={link.invite_url} label="Copy link" />
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-zinc-500 dark:text-zinc-400 hover:text-red-600"
                  onClick={() => remove(link)}
                  aria-label={`Delete invite link ${link.id}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Section>
  );
}

export function InvitationsPage({ organisationId }: { organisationId: number }) {
  const { data: org, error } = useOrganisation(organisationId);
  const permissions = useOrganisationPermissions(organisationId);
  const mayInvite = permissions.allows("MANAGE_USERS");
  const back = { href: paths.organisation(organisationId), label: "Back to the organisation" };
  if (error) return <LoadError error={error} what="organisation" back={[back]} />;
  return (
    <div className="space-y-10">
      <PageHeader
        title="Invitations"
        back={back}
        description={org ? `Invite people to ${org.name}.` : <Skeleton className="h-5 w-48" />}
      />
      {org && permissions.loaded && !mayInvite && (
        <EmptyState title="Only admins invite people">
          Ask an admin of {org.name} to invite someone, or to grant you MANAGE_USERS.
        </EmptyState>
      )}
      {org && mayInvite && (
        <>
          <EmailInvitations organisationId={organisationId} admins={org.role === "ADMIN"} />
          <InviteLinks organisationId={organisationId} admins={org.role === "ADMIN"} />
        </>
      )}
    </div>
  );
}
