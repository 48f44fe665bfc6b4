"use client";
// "Request change": where an environment requires approvals, a change to a flag becomes a
// change request (title, description, reviewers, optional go-live time) instead of a write,
// and the author is taken to its review page.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, TextAreaField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useMe } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { ChangeRequest, FlagValue } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { AssigneePicker, type Assignees } from "./assignee-picker";

export type RequestedChange = { enabled: boolean; value: FlagValue };

type Props = {
  open: boolean;
  onClose: () => void;
  projectId: number;
  environmentKey: string;
  environmentName: string;
  organisationId: number | null;
  feature: { id: number; name: string };
  /** A segment override to change instead of the environment default. */
  featureSegment?: { id: number; name: string };
  change: RequestedChange;
};

export function RequestChangeDialog(props: Props) {
  const { open, onClose, projectId, environmentKey, feature, featureSegment, change } = props;
  const router = useRouter();
  const toast = useToast();
  const { data: me } = useMe();
  const [enabled, setEnabled] = useState(change.enabled);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [liveFrom, setLiveFrom] = useState("");
  const [assignees, setAssignees] = useState<Assignees>({ users: [], groups: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setEnabled(change.enabled);
    setTitle(
      `Update ${feature.name}${featureSegment ? ` for ${featureSegment.name}` : ""} in ${props.environmentName}`,
    );
    setError(null);
  }, [open, change.enabled, feature.name, featureSegment, props.environmentName]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<ChangeRequest>(urls.createChangeRequest(environmentKey), {
        title: title.trim(),
        description: description.trim() || null,
        feature_states: [
          {
            feature: feature.id,
            feature_segment: featureSegment?.id ?? null,
            enabled,
            feature_state_value: change.value,
            live_from: liveFrom ? new Date(liveFrom).toISOString() : null,
          },
        ],
        approvals: assignees.users.map((user) => ({ user })),
        group_assignments: assignees.groups.map((group) => ({ group })),
      });
      await mutate(urls.changeRequests(environmentKey, { committed: "false" }));
      toast({ message: `Change request “${created.title}” opened.` });
      onClose();
      router.push(paths.changeRequest(projectId, environmentKey, created.id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      wide
      title="Request change"
      description={`${props.environmentName} requires approval: this change goes live once it is approved and committed.`}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!title.trim()}>
            Request change
          </Button>
        </>
      }
    >
      <p className="text-sm">
        <span className="font-mono">{feature.name}</span>
        {featureSegment && <> for the segment {featureSegment.name}</>}: value{" "}
        <span className="font-mono">{JSON.stringify(change.value)}</span>
      </p>
      <Checkbox label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      <TextField
        label="Title"
        required
        maxLength={500}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={2}
        maxLength={20000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <AssigneePicker
        organisationId={props.organisationId}
        authorId={me?.id}
        value={assignees}
        onChange={setAssignees}
      />
      <TextField
        label="Go live at (optional)"
        hint="Empty: as soon as it is committed."
        type="datetime-local"
        value={liveFrom}
        onChange={(e) => setLiveFrom(e.target.value)}
      />
      <ErrorMessage message={error} />
    </Dialog>
  );
}
