"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { DangerZone } from "@/components/common/danger-zone";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { CardGrid, ListCard } from "@/components/common/list-card";
import { NameDialog } from "@/components/common/name-dialog";
import { Button, ButtonLink } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { AskAdmins, grantName } from "@/components/permissions/ask-admins";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/common/load-error";
import { ErrorMessage } from "@/components/ui/error-message";
import { InlineIds, JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useOrganisation, useProjects } from "@/lib/dashboard/hooks";
import { forgetLocation } from "@/lib/dashboard/last-location";
import { paths } from "@/lib/dashboard/paths";
import type { Environment, Project } from "@/lib/dashboard/types";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { urls } from "@/lib/dashboard/urls";
import { gate, useOrganisationPermissions } from "@/components/permissions/use-permissions";

/** The environments a project created in the dashboard starts with, in this order. */
const NEW_PROJECT_ENVIRONMENTS = ["Development", "Production"];

export function OrganisationPage({ organisationId }: { organisationId: number }) {
  const router = useRouter();
  const { data: org, error } = useOrganisation(organisationId);
  const { data: projects, error: projectsError } = useProjects(organisationId);
  const [dialog, setDialog] = useState<"project" | "rename" | null>(null);
  const permissions = useOrganisationPermissions(organisationId);
  const toast = useToast();

  // As Flagsmith's dashboard does (the API itself creates no environment with a project).
  const createProject = async (name: string) => {
    const project = await api.post<Project>(urls.projects(), { name, organisation: organisationId });
    const missing: string[] = [];
    for (const environment of NEW_PROJECT_ENVIRONMENTS) {
      try {
        await api.post<Environment>(urls.environmentsCreate, { name: environment, project: project.id });
      } catch (e) {
        missing.push(`${environment} (${errorMessage(e)})`);
      }
    }
    await mutate(urls.projects());
    toast({
      message: missing.length
        ? `Created the project ${project.name}, but not the environment ${missing.join(", ")}.`
        : `Created the project ${project.name} with Development and Production.`,
    });
    router.push(paths.project(project.id));
  };
  const rename = async (name: string) => {
    await api.patch(urls.organisation(organisationId), { name });
    await mutate(urls.organisations);
    toast({ message: `Renamed the organisation to ${name}.` });
  };
  const remove = async () => {
    await api.delete(urls.organisation(organisationId));
    forgetLocation("organisationId");
    toast({ message: `Deleted the organisation ${org?.name ?? ""}.` });
    // Leave first: this page's organisation is read from the list, and would turn "not found".
    router.push(paths.organisations);
    await mutate(urls.organisations);
  };

  if (error)
    return (
      <LoadError
        error={error}
        what="organisation"
        back={[{ href: paths.organisations, label: "Back to organisations" }]}
      />
    );

  return (
    <div className="space-y-10">
      <PageHeader
        title={org?.name ?? <Skeleton className="h-8 w-48" />}
        back={{ href: paths.organisations, label: "All organisations" }}
        description={org && <JsonView record={org} label="Organisation JSON" />}
        actions={
          <>
            {permissions.allows("MANAGE_USERS") && (
              <ButtonLink href={paths.invitations(organisationId)}>Invite people</ButtonLink>
            )}
            {org?.role === "ADMIN" && (
              <Button onClick={() => setDialog("rename")} disabled={!org}>
                Rename
              </Button>
            )}
            <Button
              variant="primary"
              onClick={() => setDialog("project")}
              {...gate(permissions, "CREATE_PROJECT")}
            >
              New project
            </Button>
          </>
        }
      />
      <Section title="Projects" description="Each project has its own features, segments and environments.">
        <ErrorMessage error={projectsError} />
        {!projects && !projectsError && <Skeleton className="h-20" />}
        {projects?.length === 0 && permissions.loaded && !permissions.allows("CREATE_PROJECT") && (
          <EmptyState title="No project you can see">
            This organisation may have projects you have no access to.{" "}
            <AskAdmins organisationId={organisationId} permission="VIEW_PROJECT" on="the project you need" />{" "}
            To start a project of your own, ask for <strong>{grantName("CREATE_PROJECT")}</strong>.
          </EmptyState>
        )}
        {projects?.length === 0 && permissions.allows("CREATE_PROJECT") && (
          <EmptyState
            title="No projects yet"
            action={
              <Button
                variant="primary"
                onClick={() => setDialog("project")}
                {...gate(permissions, "CREATE_PROJECT")}
              >
                New project
              </Button>
            }
          >
            A project is usually one app or service. Create one to start adding feature flags.
          </EmptyState>
        )}
        {projects && projects.length > 0 && (
          <CardGrid label="Projects">
            {projects.map((project) => (
              <li key={project.id}>
                <ListCard
                  href={paths.project(project.id)}
                  title={project.name}
                  meta={`Created ${new Date(project.created_date).toLocaleDateString()}`}
                >
                  <div className="mt-2">
                    <InlineIds record={project} />
                  </div>
                </ListCard>
              </li>
            ))}
          </CardGrid>
        )}
      </Section>
      {org?.role === "ADMIN" && (
        <WebhooksPanel listUrl={urls.organisationWebhooks(org.id)} scope="organisation" />
      )}
      {org?.role === "ADMIN" && (
        <DangerZone
          what="organisation"
          name={org.name}
          consequence="Every project, environment, feature and identity in it is deleted too. This cannot be undone."
          onDelete={remove}
        />
      )}
      <NameDialog
        open={dialog === "project"}
        title="New project"
        label="Project name"
        placeholder="Web app"
        submitLabel="Create project"
        action="create the project"
        onClose={() => setDialog(null)}
        onSubmit={createProject}
      />
      <NameDialog
        open={dialog === "rename"}
        title="Rename organisation"
        label="Organisation name"
        submitLabel="Save"
        initialName={org?.name}
        action="rename the organisation"
        onClose={() => setDialog(null)}
        onSubmit={rename}
      />
    </div>
  );
}
