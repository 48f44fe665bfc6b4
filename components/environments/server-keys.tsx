"use client";
import { useState } from "react";
import { mutate } from "swr";
import { KeyRow } from "@/components/common/key-row";
import { NameDialog } from "@/components/common/name-dialog";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { InlineIds } from "@/components/ui/json-view";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useServerKeys } from "@/lib/dashboard/hooks";
import type { ServerKey } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const mask = (key: string) => `${key.slice(0, 8)}${"•".repeat(12)}`;

export function ServerKeys({ environmentKey }: { environmentKey: string }) {
  const listKey = urls.serverKeys(environmentKey);
  const { data: keys, error } = useServerKeys(environmentKey);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ServerKey | null>(null);
  const [revoking, setRevoking] = useState<ServerKey | null>(null);

  const toast = useToast();
  const create = async (name: string) => {
    const key = await api.post<ServerKey>(listKey, { name });
    await mutate(listKey);
    setCreated(key);
  };
  const revoke = async (key: ServerKey) => {
    await api.delete(urls.serverKey(environmentKey, key.id));
    await mutate(listKey);
    toast({ message: `Revoked the key ${key.name}.` });
  };

  return (
    <Section
      title="Server-side keys"
      description="Secret keys for back-end SDKs and local evaluation. Keep them out of browsers and apps."
      actions={<Button onClick={() => setCreating(true)}>New server key</Button>}
    >
      <ErrorMessage error={error} />
      {!keys && !error && (
        <Card>
          <ListSkeleton rows={2} />
        </Card>
      )}
      {keys?.length === 0 && (
        <EmptyState title="No server-side keys">
          Create one for each back-end service that evaluates flags, so you can revoke them one by one.
        </EmptyState>
      )}
      {keys && keys.length > 0 && (
        <Card>
          <ul aria-label="Server-side keys" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {keys.map((key) => (
              <KeyRow
                key={key.id}
                name={key.name}
                detail={`${mask(key.key)} · created ${new Date(key.created_at).toLocaleDateString()}`}
                onRevoke={() => setRevoking(key)}
              >
                <InlineIds record={{ id: key.id }} />
              </KeyRow>
            ))}
          </ul>
        </Card>
      )}
      <NameDialog
        open={creating}
        title="New server-side key"
        label="Key name"
        placeholder="Checkout service"
        submitLabel="Create key"
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
      <Dialog
        open={created !== null}
        title="Copy your new server-side key"
        description="This is the only time the whole key is shown. Store it in your service's secrets now."
        onClose={() => setCreated(null)}
        footer={
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        }
      >
        {created && <CopyField value={created.key} label="server key" testId="new-server-key" />}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name}”?`}
        message="Services using this key get 403 answers from then on. This cannot be undone."
        confirmLabel="Revoke key"
        onClose={() => setRevoking(null)}
        onConfirm={() => revoke(revoking!)}
      />
    </Section>
  );
}
