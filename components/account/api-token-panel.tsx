"use client";
// Ensign keeps only a hash of each API token, so a token can be shown only right after it
// is generated. Generating one revokes every other token of the account.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { urls } from "@/lib/dashboard/urls";

export function ApiTokenPanel() {
  const [token, setToken] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();

  const regenerate = async () => {
    const { key } = await api.post<{ key: string }>(urls.token);
    setToken(key);
    setVisible(true);
    toast({ message: "Generated a new API token. Copy it now: your older tokens no longer work." });
  };

  return (
    <Section
      title="API token"
      description={
        <>
          Authenticates scripts and tools against the admin API: send{" "}
          <code className="rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">
            Authorization: Token &lt;token&gt;
          </code>
          .
        </>
      }
    >
      <Card className="space-y-4 p-4">
        {token ? (
          <div className="space-y-2">
            <div className="flex items-center gap-2">
              <code
                data-testid="api-token"
                data-token={token}
                className="min-w-0 flex-1 truncate rounded-md border border-zinc-200 bg-zinc-50 px-3 py-1.5 font-mono text-sm dark:border-zinc-800 dark:bg-zinc-950"
              >
                {visible ? token : "•".repeat(40)}
              </code>
              <Button size="sm" onClick={() => setVisible(!visible)} aria-pressed={visible}>
                {visible ? "Hide" : "Show"}
              </Button>
              <CopyButton
                value={token}
                label="Copy token"
                copiedMessage="Copied the API token. Keep it somewhere safe: it is not shown again."
              />
            </div>
            <p className="text-xs text-amber-700 dark:text-amber-400">
              Copy it now: it is not shown again after you leave this page. Every older token no longer works.
            </p>
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Tokens are stored hashed, so an existing token cannot be displayed. Generate a new one to see and
            copy it; tokens you generated before stop working.
          </p>
        )}
        <div>
          <Button variant={token ? "secondary" : "primary"} onClick={() => setConfirming(true)}>
            {token ? "Regenerate again" : "Regenerate token"}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        title="Regenerate your API token?"
        message="Every script or tool using your current token will get 401 answers until you give it the new one."
        confirmLabel="Regenerate token"
        action="generate a new API token"
        onClose={() => setConfirming(false)}
        onConfirm={regenerate}
      />
    </Section>
  );
}
