"use client";
// Who reviews a change request and where it stands, with approve, reject (with a comment)
// and commit: each button disabled with the reason when the viewer may not use it.
import { useState } from "react";
import { mutate } from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, TextAreaField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import {
  approvalsMissing,
  approveVerdict,
  commitVerdict,
  rejectVerdict,
  type ReviewedRequest,
  type Verdict,
  type Viewer,
} from "@/lib/dashboard/change-requests";
import { errorMessage } from "@/lib/dashboard/fetcher";

type ReviewPanelProps = {
  cr: ReviewedRequest & { id: number };
  viewer: Viewer;
  /** The request's URL, or one of its actions' (approve, reject, commit, comments). */
  urlOf: (action?: string) => string;
  nameOf: (id: number | null) => string;
  groupNameOf: (id: number) => string;
};

function Reason({ verdict, id }: { verdict: Verdict; id: string }) {
  if (verdict.allowed) return null;
  return (
    <p id={id} className="text-xs text-zinc-600 dark:text-zinc-400">
      {verdict.reason}
    </p>
  );
}

export function ReviewPanel({ cr, viewer, urlOf, nameOf, groupNameOf }: ReviewPanelProps) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [ignoreConflicts, setIgnoreConflicts] = useState(false);
  const approve = approveVerdict(cr, viewer);
  const reject = rejectVerdict(cr, viewer);
  const commit = commitVerdict(cr, viewer, ignoreConflicts);

  const act = async (action: string, body: unknown, done: string) => {
    setBusy(action);
    setError(null);
    try {
      await api.post(urlOf(action), body);
      await Promise.all([mutate(urlOf()), mutate(urlOf("comments")), mutate(urlOf("impact"))]);
      toast({ message: done });
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const approved = cr.approvals.filter((a) => a.approved_at);
  const assigned = cr.approvals.filter((a) => a.is_assigned);
  return (
    <Card className="space-y-4 p-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-zinc-500 dark:text-zinc-400">Author</dt>
        <dd>{nameOf(cr.user)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Approvals</dt>
        <dd>
          {cr.minimum_approvals === null
            ? `${approved.length} (none needed: change requests are off here)`
            : `${approved.length} of ${cr.minimum_approvals} needed`}
          {approved.length > 0 && <>: {approved.map((a) => nameOf(a.user)).join(", ")}</>}
          {approvalsMissing(cr) === 0 && cr.is_approved && (
            <>
              {" "}
              <Badge tone="green">Approved</Badge>
            </>
          )}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Assigned reviewers</dt>
        <dd>
          {assigned.length === 0 && cr.group_assignments.length === 0
            ? "Anyone who may approve change requests here"
            : [
                ...assigned.map((a) => nameOf(a.user)),
                ...cr.group_assignments.map((g) => `${groupNameOf(g.group)} (group)`),
              ].join(", ")}
        </dd>
        {cr.is_rejected && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Rejected</dt>
            <dd>
              <Badge tone="red">Rejected</Badge> (see the comments)
            </dd>
          </>
        )}
      </dl>
      {cr.conflicts.length > 0 && !cr.is_committed && (
        <div
          role="note"
          className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <p>
            {cr.conflicts.length} of the proposed states changed live since this request was written:
            committing would overwrite those changes.
          </p>
          {!cr.ignore_conflicts && (
            <Checkbox
              label="Ignore conflicts"
              hint="Commit anyway, replacing the live changes."
              checked={ignoreConflicts}
              onChange={(e) => setIgnoreConflicts(e.target.checked)}
            />
          )}
        </div>
      )}
      <ErrorMessage message={error} />
      {!cr.is_committed && (
        <div className="flex flex-wrap items-start gap-4">
          <div className="space-y-1">
            <Button
              variant="primary"
              busy={busy === "approve"}
              disabled={!approve.allowed}
              aria-describedby={approve.allowed ? undefined : "approve-reason"}
              onClick={() => void act("approve", undefined, "You approved the request.")}
            >
              Approve
            </Button>
            <Reason verdict={approve} id="approve-reason" />
          </div>
          <div className="space-y-1">
            <Button
              disabled={!reject.allowed}
              aria-describedby={reject.allowed ? undefined : "reject-reason"}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
            <Reason verdict={reject} id="reject-reason" />
          </div>
          <div className="space-y-1">
            <Button
              variant="primary"
              busy={busy === "commit"}
              disabled={!commit.allowed}
              aria-describedby={commit.allowed ? undefined : "commit-reason"}
              onClick={() =>
                void act(
                  "commit",
                  ignoreConflicts ? { ignore_conflicts: true } : {},
                  "The request is committed.",
                )
              }
            >
              Commit
            </Button>
            <Reason verdict={commit} id="commit-reason" />
          </div>
        </div>
      )}
      <Dialog
        open={rejecting}
        title="Reject the change request"
        description="The author is told why; the request can be committed only once it is edited."
        onClose={() => setRejecting(false)}
        onSubmit={async () => {
          if (await act("reject", { comment: reason.trim() }, "You rejected the request.")) {
            setRejecting(false);
            setReason("");
          }
        }}
        footer={
          <>
            <Button onClick={() => setRejecting(false)}>Cancel</Button>
            <Button type="submit" variant="danger" busy={busy === "reject"} disabled={!reason.trim()}>
              Reject
            </Button>
          </>
        }
      >
        <TextAreaField
          label="Why"
          rows={3}
          required
          maxLength={5000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <ErrorMessage message={error} />
      </Dialog>
    </Card>
  );
}
