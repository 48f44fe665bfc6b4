"use client";
// The discussion on a change request: comments oldest first (a rejection's reason among
// them), and a form to add one.
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextAreaField } from "@/components/ui/field";
import { Badge } from "@/components/ui/badge";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useChangeRequestComments } from "@/lib/dashboard/hooks";

type Props = {
  url: string;
  /** The request's URL: its answer names the commenters, so it is read again after a comment. */
  requestUrl: string;
  nameOf: (id: number | null) => string;
};

export function CommentsPanel({ url, requestUrl, nameOf }: Props) {
  const { data, error } = useChangeRequestComments(url);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.post(url, { comment: text.trim() });
      setText("");
      await Promise.all([mutate(url), mutate(requestUrl)]);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="space-y-4 p-4">
      <ErrorMessage error={error} />
      {data?.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No comments yet.</p>}
      {data && data.length > 0 && (
        <ul aria-label="Comments" className="space-y-3">
          {data.map((c) => (
            <li key={c.id} className="text-sm">
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {nameOf(c.user)} ·{" "}
                <time dateTime={c.created_at}>{new Date(c.created_at).toLocaleString()}</time>{" "}
                {c.is_rejection && <Badge tone="red">Rejection</Badge>}
              </p>
              <p className="whitespace-pre-wrap break-words">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextAreaField
          label="Add a comment"
          rows={3}
          value={text}
          maxLength={5000}
          onChange={(e) => setText(e.target.value)}
        />
        <ErrorMessage message={failure} />
        <Button type="submit" size="sm" busy={busy} disabled={!text.trim()}>
          Comment
        </Button>
      </form>
    </Card>
  );
}
