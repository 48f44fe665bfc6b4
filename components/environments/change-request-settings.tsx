"use client";
// How many approvals a change needs before it goes live (`minimum_change_request_approvals`):
// empty turns change requests off. Environments (flags) and projects (segments) both have it.
import { useEffect, useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";

type Props = {
  /** The environment's or project's URL, which PATCH changes and SWR reads. */
  url: string;
  /** The list the dashboard reads the record from (environments are read from their project's). */
  listUrl: string;
  name: string;
  current: number | null;
  what: "flags" | "segments";
};

export function ChangeRequestSettings({ url, listUrl, name, current, what }: Props) {
  const toast = useToast();
  const [text, setText] = useState(current === null ? "" : String(current));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(current === null ? "" : String(current)), [current]);
  const parsed = text.trim() === "" ? null : Number(text);
  const valid = parsed === null || (Number.isInteger(parsed) && parsed >= 0 && parsed <= 100);
  const dirty = parsed !== current;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.patch(url, { minimum_change_request_approvals: parsed });
      await Promise.all([mutate(url), mutate(listUrl)]);
      toast({
        message:
          parsed === null
            ? `Change requests are off in ${name}.`
            : `Changes to ${what} in ${name} now need ${parsed} approval${parsed === 1 ? "" : "s"}.`,
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Change requests"
      description={`Require approvals before changes to ${what} go live: each change becomes a request that someone else approves. Leave empty to change ${what} directly.`}
    >
      <Card className="p-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && dirty) void save();
          }}
        >
          <div className="w-48">
            <TextField
              label="Minimum approvals"
              inputMode="numeric"
              value={text}
              placeholder="Off"
              error={valid ? null : "A whole number from 0 to 100, or empty."}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <Button type="submit" variant="primary" busy={busy} disabled={!valid || !dirty}>
            Save
          </Button>
        </form>
        <ErrorMessage message={error} />
      </Card>
    </Section>
  );
}
