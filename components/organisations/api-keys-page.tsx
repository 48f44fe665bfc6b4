"use client";
// Organisation API keys: create (name, admin or scoped, optional expiry), the key shown once,
// the list by prefix, revoke with confirmation. Organisation admins only.
import { useState } from "react";
import { mutate } from "swr";
import { KeyRow } from "@/components/common/key-row";
import { LoadError } from "@/components/common/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { SelectField, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { useMasterApiKeys, useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { MasterApiKey } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const day = (iso: string) => new Date(iso).toLocaleDateString();

function CreateKeyDialog({
  open,
  onClose,
  onCreated,
  listUrl,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: MasterApiKey) => void;
  listUrl: string;
}) {
  const [name, setName] = useState("");
  const [access, setAccess] = useState<"admin" | "scoped">("admin");
  const [expiry, setExpiry] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const close = () => {
    setName("");
    setAccess("admin");
    setExpiry("");
    setError(null);
    setNameError(null);
    onClose();
  };
  const submit = async () => {
    if (!name.trim()) {
      setNameError("Enter a name.");
      return;
    }
    setBusy(true);
    setError(null);
    setNameError(null);
    try {
      const key = await api.post<MasterApiKey>(listUrl, {
        name: name.trim(),
        is_admin: access === "admin",
        // The end of the chosen day, in the browser's time zone.
        expiry_date: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
      });
      await mutate(listUrl);
      close();
      onCreated(key);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.name) setNameError(fields.name);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title="New API key"
      description="For tools such as Terraform or CI jobs: they send it as Authorization: Api-Key <key>."
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Create key
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField
          label="Key name"
          value={name}
          placeholder="Terraform"
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          maxLength={50}
          autoFocus
          required
        />
        <SelectField
          label="Access"
          value={access}
          onChange={(e) => setAccess(e.target.value as "admin" | "scoped")}
          hint={
            access === "admin"
              ? "Acts as an organisation admin: can change anything in this organisation."
              : "Starts with no permissions: grant them to the key like to a member of the organisation."
          }
        >
          <option value="admin">Admin</option>
          <option value="scoped">Scoped (permissions granted to it)</option>
        </SelectField>
        <TextField
          label="Expires on"
          type="date"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          hint="Leave empty for a key that does not expire."
        />
        <ErrorMessage message={error} />
      </div>
    </Dialog>
  );
}

export function ApiKeysPage({ organisationId }: { organisationId: number }) {
  const { data: org, error: orgError } = useOrganisation(organisationId);
  const isAdmin = org?.role === "ADMIN";
  const listUrl = urls.masterApiKeys(organisationId);
  const { data: keys, error } = useMasterApiKeys(isAdmin ? organisationId : null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<MasterApiKey | null>(null);
  const [revoking, setRevoking] = useState<MasterApiKey | null>(null);

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
        title="API keys"
        back={{ href: paths.organisation(organisationId), label: org?.name ?? "Organisation" }}
        actions={
          isAdmin && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New API key
            </Button>
          )
        }
      />
      {org && !isAdmin && (
        <EmptyState title="Organisation admins only">
          Only admins of {org.name} can see and manage its API keys.
        </EmptyState>
      )}
      {isAdmin && (
        <Section
          title="Organisation API keys"
          description="Keys for tools that manage flags (Terraform, CI). Each key is shown once, when it is made; only a hash is stored."
        >
          <ErrorMessage error={error} />
          {!keys && !error && (
            <Card>
              <ListSkeleton rows={2} />
            </Card>
          )}
          {keys?.length === 0 && (
            <EmptyState title="No API keys">
              Create one for each tool, so you can revoke them one by one.
            </EmptyState>
          )}
          {keys && keys.length > 0 && (
            <Card>
              <ul aria-label="API keys" className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {keys.map((key) => (
                  <KeyRow
                    key={key.id}
                    name={key.name}
                    badges={
                      <>
                        <Badge tone={key.is_admin ? "indigo" : "neutral"}>
                          {key.is_admin ? "Admin" : "Scoped"}
                        </Badge>
                        {key.has_expired && <Badge tone="red">Expired</Badge>}
                      </>
                    }
                    detail={
                      <>
                        {key.prefix}.{"•".repeat(12)} · created {day(key.created)} ·{" "}
                        {key.expiry_date ? `expires ${day(key.expiry_date)}` : "never expires"}
                      </>
                    }
                    onRevoke={() => setRevoking(key)}
                  />
                ))}
              </ul>
            </Card>
          )}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            A scoped key is a member of the organisation with role USER: it can do only what is granted to it,
            like any member. Send the key as{" "}
            <code className="font-mono text-xs">Authorization: Api-Key &lt;key&gt;</code>.
          </p>
        </Section>
      )}
      <CreateKeyDialog
        open={creating}
        listUrl={listUrl}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <Dialog
        open={created !== null}
        title="Copy your new API key"
        description="You won't see it again: only a hash of it is kept. Store it in your tool's secrets now."
        onClose={() => setCreated(null)}
        footer={
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        }
      >
        {created?.key && <CopyField value={created.key} label="API key" testId="new-api-key" />}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name}”?`}
        message="Tools using this key get 401 answers from then on. This cannot be undone."
        confirmLabel="Revoke key"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          await api.delete(urls.masterApiKey(organisationId, revoking!.prefix));
          await mutate(listUrl);
        }}
      />
    </div>
  );
}
