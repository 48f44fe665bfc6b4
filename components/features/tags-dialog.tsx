"use client";
import { useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { tagsKey, useTags } from "@/lib/dashboard/hooks";
import type { Tag } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { TagChip } from "./tag-chip";

const COLORS = ["#6837FC", "#0AADDF", "#27AB95", "#FF9F43", "#EF4D56", "#656D7B"];

/** The project's tags: add one (label and colour), delete one. */
export function TagsDialog({
  open,
  projectId,
  onClose,
}: {
  open: boolean;
  projectId: number;
  onClose: () => void;
}) {
  const { data: tags } = useTags(projectId);
  const [label, setLabel] = useState("");
  const [color, setColor] = useState(COLORS[0]);
  const [labelError, setLabelError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => mutate(tagsKey(projectId));
  const create = async () => {
    if (!label.trim()) return setLabelError("Enter a label.");
    setBusy(true);
    setError(null);
    setLabelError(undefined);
    try {
      await api.post<Tag>(urls.tags(projectId), { label: label.trim(), color });
      setLabel("");
      await refresh();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.label) setLabelError(fields.label);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (tag: Tag) => {
    setError(null);
    try {
      await api.delete(urls.tag(projectId, tag.id));
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog
      open={open}
      title="Tags"
      description="Tags group the project's features; filter the list by them."
      onClose={onClose}
      onSubmit={() => void create()}
      footer={
        <>
          <Button onClick={onClose}>Done</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Add tag
          </Button>
        </>
      }
    >
      <ul aria-label="Project tags" className="space-y-1">
        {(tags ?? []).map((tag) => (
          <li key={tag.id} className="flex items-center justify-between gap-2">
            <TagChip tag={tag} />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete tag ${tag.label}`}
              onClick={() => void remove(tag)}
            >
              Delete
            </Button>
          </li>
        ))}
        {tags?.length === 0 && <li className="text-sm text-zinc-500 dark:text-zinc-400">No tags yet.</li>}
      </ul>
      <TextField
        label="New tag"
        value={label}
        placeholder="beta"
        onChange={(e) => setLabel(e.target.value)}
        error={labelError}
      />
      <div role="radiogroup" aria-label="Colour" className="flex gap-2">
        {COLORS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={c === color}
            aria-label={`Colour ${c}`}
            onClick={() => setColor(c)}
            className={`h-6 w-6 rounded-full ring-offset-2 dark:ring-offset-zinc-900 ${c === color ? "ring-2 ring-indigo-500" : ""}`}
            style={{ backgroundColor: c }}
          />
        ))}
      </div>
      <ErrorMessage message={error} />
    </Dialog>
  );
}
