"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { mutate } from "swr";
import { gate, useProjectPermissions } from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { inputClass } from "@/components/ui/field";
import { InlineIds } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useSegments } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { countConditions } from "@/lib/dashboard/segment-rules";
import type { Segment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function SegmentsPage({ projectId, environmentKey }: { projectId: number; environmentKey: string }) {
  const { data, error } = useSegments(projectId);
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const manage = gate(useProjectPermissions(projectId), "MANAGE_SEGMENTS");
  const newSegment = (label: string) =>
    manage.disabled ? (
      <Button variant="primary" {...manage}>
        {label}
      </Button>
    ) : (
      <ButtonLink href={paths.newSegment(projectId, environmentKey)} variant="primary">
        {label}
      </ButtonLink>
    );
  const all = data?.results;
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (all ?? []).filter(
      (s) =>
        !needle ||
        s.name.toLowerCase().includes(needle) ||
        (s.description ?? "").toLowerCase().includes(needle),
    );
  }, [all, search]);

  const toast = useToast();
  const remove = async (segment: Segment) => {
    await api.delete(urls.segment(projectId, segment.id));
    await mutate(urls.segments(projectId));
    toast({ message: `Deleted the segment ${segment.name}.` });
  };

  return (
    <>
      <PageHeader
        title="Segments"
        description="Groups of identities, defined by rules on their traits. Target features at them with segment overrides."
        actions={newSegment("New segment")}
      />
      <div className="space-y-4">
        <ErrorMessage error={error} />
        {all && all.length > 0 && (
          <input
            type="search"
            aria-label="Search segments"
            placeholder="Search segments"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={inputClass}
          />
        )}
        {!data && !error && (
          <Card>
            <ListSkeleton rows={3} />
          </Card>
        )}
        {all?.length === 0 && (
          <EmptyState title="No segments yet" action={newSegment("Create a segment")}>
            For example “beta testers”: identities whose <code className="font-mono">plan</code> is{" "}
            <code className="font-mono">beta</code>, or 10% of everyone.
          </EmptyState>
        )}
        {all && all.length > 0 && visible.length === 0 && (
          <EmptyState title="No segments match">Try another search.</EmptyState>
        )}
        {visible.length > 0 && (
          <Card>
            <ul aria-label="Segments" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {visible.map((segment) => {
                const conditions = countConditions(segment.rules);
                return (
                  <li key={segment.id} className="flex items-center gap-4 px-4 py-3.5">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          href={paths.segment(projectId, environmentKey, segment.id)}
                          className="font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
                        >
                          {segment.name}
                        </Link>
                        <Badge>
                          {conditions} condition{conditions === 1 ? "" : "s"}
                        </Badge>
                        {segment.feature && <Badge tone="amber">Feature-specific</Badge>}
                      </div>
                      {segment.description && (
                        <p className="mt-0.5 line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400">
                          {segment.description}
                        </p>
                      )}
                      <InlineIds record={segment} />
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${segment.name}`}
                      onClick={() => setDeleting(segment)}
                      {...manage}
                      className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
                    >
                      Delete
                    </Button>
                  </li>
                );
              })}
            </ul>
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete segment “${deleting?.name}”?`}
        message="Its overrides are removed from every feature and environment. Identities in it fall back to the features' other values."
        confirmLabel="Delete segment"
        onClose={() => setDeleting(null)}
        onConfirm={() => remove(deleting!)}
      />
    </>
  );
}
