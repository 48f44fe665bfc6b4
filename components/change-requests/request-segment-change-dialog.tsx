"use client";
// "Request change" for a segment: where the project requires approvals, the segment editor's
// save becomes a project change request (title, description, reviewers) carrying the edited
// name, description and rules, and the author is taken to its review page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useMe } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { ProjectChangeRequest } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { AssigneePicker, type Assignees } from "./assignee-picker";

export type RequestedSegment = {
  id: number;
  name: string;
  description: string | null;
  rules: unknown[];
};

type Props = {
  onClose: () => void;
  /** Called once the request exists, before the review page opens (to drop the editor's unsaved state). */
  onCreated: () => void;
  projectId: number;
  projectName: string;
  organisationId: number | null;
  minimumApprovals: number;
  segment: RequestedSegment;
};

export function RequestSegmentChangeDialog(props: Props) {
  const { onClose, projectId, segment } = props;
  const router = useRouter();
  const toast = useToast();
  const { data: me } = useMe();
  const [title, setTitle] = useState(`Update segment ${segment.name}`);
  const [description, setDescription] = useState("");
  const [assignees, setAssignees] = useState<Assignees>({ users: [], groups: [] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<ProjectChangeRequest>(urls.projectChangeRequestsCreate(projectId), {
        title: title.trim(),
        description: description.trim() || null,
        segments: [segment],
        approvals: assignees.users.map((user) => ({ user })),
        group_assignments: assignees.groups.map((group) => ({ group })),
      });
      await mutate(urls.projectChangeRequests(projectId, { committed: "false" }));
      toast({ message: `Change request “${created.title}” opened.` });
      props.onCreated();
      router.push(paths.projectChangeRequest(projectId, created.id));
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  const approvals = `${props.minimumApprovals} approval${props.minimumApprovals === 1 ? "" : "s"}`;
  return (
    <Dialog
      open
      wide
      title="Request change"
      description={`Segments of ${props.projectName} need ${approvals}: the new rules go live once the request is approved and committed.`}
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
        Segment <span className="font-mono">{segment.name}</span>
      </p>
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
      <ErrorMessage message={error} />
    </Dialog>
  );
}
