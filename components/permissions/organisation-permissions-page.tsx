"use client";
// Organisation-wide permissions (CREATE_PROJECT, MANAGE_USERS, MANAGE_USER_GROUPS) of
// members and groups. Only organisation admins grant them; everyone else sees what they hold.
import { LoadError } from "@/components/common/load-error";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { PermissionsPanel } from "./permissions-panel";
import { PERMISSION_LABELS, useOrganisationPermissions } from "./use-permissions";

const ORGANISATION_KEYS = ["CREATE_PROJECT", "MANAGE_USERS", "MANAGE_USER_GROUPS"];

export function OrganisationPermissionsPage({ organisationId }: { organisationId: number }) {
  const { data: org, error } = useOrganisation(organisationId);
  const mine = useOrganisationPermissions(organisationId);
  const back = { href: paths.organisation(organisationId), label: "Back to the organisation" };
  if (error) return <LoadError error={error} what="organisation" back={[back]} />;
  const held = ORGANISATION_KEYS.filter((key) => mine.allows(key));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Permissions"
        back={back}
        description={
          org ? (
            `What members and groups may do across ${org.name}: create projects, invite people, manage groups. Project and environment permissions are set in each project and environment.`
          ) : (
            <Skeleton className="h-5 w-48" />
          )
        }
      />
      {org && org.role !== "ADMIN" && mine.loaded && (
        <EmptyState title="Only admins grant organisation permissions" level={2}>
          {held.length === 0 ? (
            <>You hold no organisation permissions in {org.name}.</>
          ) : (
            <span className="inline-flex flex-wrap items-center justify-center gap-1.5">
              You may
              {held.map((key) => (
                <Badge key={key} tone="neutral">
                  {PERMISSION_LABELS[key] ?? key}
                </Badge>
              ))}
            </span>
          )}
        </EmptyState>
      )}
      {org?.role === "ADMIN" && (
        <PermissionsPanel
          scope={{ kind: "organisation", id: organisationId }}
          organisationId={organisationId}
          title="Who may do what"
        />
      )}
    </div>
  );
}
