"use client";
// One segment change request of a project, for review: the proposed segments against the live
// ones, the blast radius in a chosen environment, reviewers, comments, approve/reject/commit.
import { useState } from "react";
import { LoadError } from "@/components/common/load-error";
import { useProjectPermissions } from "@/components/permissions/use-permissions";
import { Card, Section } from "@/components/ui/card";
import { compactSelectClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import {
  useEnvironments,
  useMe,
  useMyGroups,
  useProject,
  useProjectChangeRequest,
} from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";
import { StatusBadge } from "./change-request-list";
import { CommentsPanel } from "./comments-panel";
import { ImpactPanel } from "./impact-panel";
import { ProposedSegmentDiff } from "./proposed-segment-diff";
import { ReviewPanel } from "./review-panel";
import { useRequestNames } from "./use-names";

export function ProjectChangeRequestReview({
  projectId,
  changeRequestId,
}: {
  projectId: number;
  changeRequestId: number;
}) {
  const { data: cr, error } = useProjectChangeRequest(projectId, changeRequestId);
  const { data: project } = useProject(projectId);
  const { data: environments } = useEnvironments(projectId);
  const { data: me } = useMe();
  const organisationId = project?.organisation ?? null;
  // Read once the request is known (a wrong id shows its 404 alone); the viewer's groups and
  // the groups' names only matter to a request that has group reviewers.
  const known = cr ? organisationId : null;
  const groupReviewed = (cr?.group_assignments.length ?? 0) > 0;
  const { data: myGroups } = useMyGroups(groupReviewed ? known : null);
  const { nameOf, groupNameOf } = useRequestNames(known, cr?.users, groupReviewed);
  const groupIds = groupReviewed ? myGroups?.map((g) => g.id) : [];
  const permissions = useProjectPermissions(projectId);
  const [chosen, setChosen] = useState<string | null>(null);
  const environmentKey = chosen ?? environments?.results[0]?.api_key ?? null;
  const back = { href: paths.projectChangeRequests(projectId), label: "Segment change requests" };
  const urlOf = (action?: string) => urls.projectChangeRequest(projectId, changeRequestId, action);

  if (error)
    return (
      <LoadError error={error} what="change request" back={[{ ...back, label: "Back to change requests" }]} />
    );
  return (
    <div className="space-y-10">
      <PageHeader
        back={back}
        title={cr ? cr.title : <Skeleton className="h-8 w-56" />}
        description={
          cr && (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge cr={cr} />
                <span>
                  #{cr.id}, opened by {nameOf(cr.user)}
                </span>
              </div>
              {cr.description && <p className="whitespace-pre-wrap">{cr.description}</p>}
            </div>
          )
        }
      />
      <Section title="Proposed changes" description="Each segment against what is live now.">
        <Card className="space-y-6 p-4">
          {!cr ? (
            <Skeleton className="h-16" />
          ) : cr.is_committed ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Committed: the segments have these rules now.
            </p>
          ) : (
            cr.segments.map((s) => <ProposedSegmentDiff key={s.id} proposed={s} />)
          )}
        </Card>
      </Section>
      {cr && !cr.is_committed && (
        <Section
          title="Blast radius"
          description="What committing it would do to the identities stored in one environment, evaluated now."
          actions={
            <select
              aria-label="Environment"
              className={compactSelectClass}
              value={environmentKey ?? ""}
              onChange={(e) => setChosen(e.target.value)}
            >
              {environments?.results.map((e) => (
                <option key={e.api_key} value={e.api_key}>
                  {e.name}
                </option>
              ))}
            </select>
          }
        >
          <ImpactPanel
            url={
              environmentKey && urls.projectChangeRequestImpact(projectId, changeRequestId, environmentKey)
            }
          />
        </Section>
      )}
      <Section title="Review">
        {cr && me && groupIds && permissions.loaded ? (
          <ReviewPanel
            cr={cr}
            viewer={{
              id: me.id,
              groupIds,
              canApproveKey: permissions.allows("APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS"),
              canCommitKey: permissions.allows("MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS"),
            }}
            urlOf={urlOf}
            nameOf={nameOf}
            groupNameOf={groupNameOf}
          />
        ) : (
          <Skeleton className="h-24" />
        )}
      </Section>
      <Section title="Comments">
        {cr ? (
          <CommentsPanel url={urlOf("comments")} requestUrl={urlOf()} nameOf={nameOf} />
        ) : (
          <Skeleton className="h-24" />
        )}
      </Section>
    </div>
  );
}
