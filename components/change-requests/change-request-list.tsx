"use client";
// Change requests in three lists: open (waiting for review or commit), scheduled (committed,
// going live later) and committed (live). Environment and project pages share it.
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { statusOf, type RequestStatus } from "@/lib/dashboard/change-requests";
import type { ApiError } from "@/lib/dashboard/fetcher";
import type { ChangeRequestSummary, Page } from "@/lib/dashboard/types";

const TABS: { status: RequestStatus; label: string; empty: string }[] = [
  { status: "open", label: "Open", empty: "No request is waiting for review or commit." },
  {
    status: "scheduled",
    label: "Scheduled",
    empty: "No committed request is waiting for its time to go live.",
  },
  { status: "committed", label: "Committed", empty: "No request has been committed yet." },
];

type Lists = {
  open: { data?: Page<ChangeRequestSummary>; error?: ApiError };
  committed: { data?: Page<ChangeRequestSummary>; error?: ApiError };
};

export function StatusBadge({
  cr,
}: {
  cr: Pick<ChangeRequestSummary, "committed_at" | "live_from" | "is_rejected" | "is_approved">;
}) {
  const status = statusOf(cr);
  if (status === "scheduled") return <Badge tone="indigo">Scheduled</Badge>;
  if (status === "committed") return <Badge tone="green">Committed</Badge>;
  if (cr.is_rejected) return <Badge tone="red">Rejected</Badge>;
  if (cr.is_approved) return <Badge tone="green">Approved</Badge>;
  return <Badge tone="amber">Waiting for approval</Badge>;
}

export function ChangeRequestList({ lists, hrefOf }: { lists: Lists; hrefOf: (id: number) => string }) {
  const [tab, setTab] = useState<RequestStatus>("open");
  const source = tab === "open" ? lists.open : lists.committed;
  const rows = source.data?.results.filter((cr) => statusOf(cr) === tab);
  const current = TABS.find((t) => t.status === tab)!;
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Button
            key={t.status}
            size="sm"
            variant={t.status === tab ? "primary" : "secondary"}
            aria-pressed={t.status === tab}
            onClick={() => setTab(t.status)}
          >
            {t.label}
          </Button>
        ))}
      </div>
      <ErrorMessage error={source.error} />
      {!source.data && !source.error && (
        <Card>
          <ListSkeleton rows={3} />
        </Card>
      )}
      {rows?.length === 0 && (
        <EmptyState level={2} title={`No ${current.label.toLowerCase()} requests`}>
          {current.empty}
        </EmptyState>
      )}
      {rows && rows.length > 0 && (
        <Card>
          <ul
            aria-label={`${current.label} change requests`}
            className="divide-y divide-zinc-200 dark:divide-zinc-800"
          >
            {rows.map((cr) => (
              <li key={cr.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <Link
                  href={hrefOf(cr.id)}
                  className="min-w-0 flex-1 truncate text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {cr.title}
                </Link>
                <StatusBadge cr={cr} />
                <span className="w-full text-xs text-zinc-500 dark:text-zinc-400">
                  #{cr.id} · opened{" "}
                  <time dateTime={cr.created_at}>{new Date(cr.created_at).toLocaleString()}</time>
                  {cr.live_from && (
                    <>
                      {" "}
                      · goes live{" "}
                      <time dateTime={cr.live_from}>{new Date(cr.live_from).toLocaleString()}</time>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
