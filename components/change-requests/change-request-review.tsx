"use client";
// One change request of an environment, for review: what it changes against the live state,
// what that would do to stored identities (blast radius), who reviews it, the discussion, and
// approve / reject / commit.
import { useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { LoadError } from "@/components/common/load-error";
import { Card, Section } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useChangeRequest, useEnvironment, useMe, useMyGroups, useProject } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";
import { StatusBadge } from "./change-request-list";
import { CommentsPanel } from "./comments-panel";
import { ImpactPanel } from "./impact-panel";
import { ProposedStateDiff } from "./proposed-state-diff";
import { ReviewPanel } from "./review-panel";
import { useRequestNames } from "./use-names";

type Props = { projectId: number; environmentKey: string; changeRequestId: number };

export function ChangeRequestReview({ projectId, environmentKey, changeRequestId }: Props) {
  const { data: cr, error } = useChangeRequest(changeRequestId);
  const { data: environment } = useEnvironment(environmentKey);
  const { data: project } = useProject(projectId);
  const { data: me } = useMe();
  const organisationId = project?.organisation ?? null;
  // Read once the request is known (a wrong id shows its 404 alone); the viewer's groups and
  // the groups' names only matter to a request that has group reviewers.
  const known = cr ? organisationId : null;
  const groupReviewed = (cr?.group_assignments.length ?? 0) > 0;
  const { data: myGroups } = useMyGroups(groupReviewed ? known : null);
  const { nameOf, groupNameOf } = useRequestNames(known, cr?.users, groupReviewed);
  const groupIds = groupReviewed ? myGroups?.map((g) => g.id) : [];
  const permissions = useEnvironmentPermissions(environmentKey);
  const back = { href: paths.changeRequests(projectId, environmentKey), label: "Change requests" };

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
                  #{cr.id} in {environment?.name ?? "this environment"}, opened by {nameOf(cr.user)}
                </span>
              </div>
              {cr.description && <p className="whitespace-pre-wrap">{cr.description}</p>}
            </div>
          )
        }
      />
      <Section title="Proposed changes" description="Each change against what is live now.">
        <Card className="space-y-6 p-4">
          {!cr ? (
            <Skeleton className="h-16" />
          ) : (
            cr.feature_states.map((state) => (
              <ProposedStateDiff
                key={`${state.feature}-${state.feature_segment}`}
                proposed={state}
                committed={cr.is_committed}
              />
            ))
          )}
        </Card>
      </Section>
      {cr && !cr.is_committed && (
        <Section
          title="Blast radius"
          description="What committing it would do to the identities stored in this environment, evaluated now."
        >
          <ImpactPanel url={urls.changeRequest(changeRequestId, "impact")} />
        </Section>
      )}
      <Section title="Review">
        {cr && me && groupIds && permissions.loaded ? (
          <ReviewPanel
            cr={cr}
            viewer={{
              id: me.id,
              groupIds,
              canApproveKey: permissions.allows("APPROVE_CHANGE_REQUEST"),
              canCommitKey: permissions.allows("UPDATE_FEATURE_STATE"),
            }}
            urlOf={(action) => urls.changeRequest(changeRequestId, action)}
            nameOf={nameOf}
            groupNameOf={groupNameOf}
          />
        ) : (
          <Skeleton className="h-24" />
        )}
      </Section>
      <Section title="Comments">
        {cr ? (
          <CommentsPanel
            url={urls.changeRequest(changeRequestId, "comments")}
            requestUrl={urls.changeRequest(changeRequestId)}
            nameOf={nameOf}
          />
        ) : (
          <Skeleton className="h-24" />
        )}
      </Section>
    </div>
  );
}
