"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { DangerZone } from "@/components/common/danger-zone";
import { CardGrid, ListCard } from "@/components/common/list-card";
import { NameDialog } from "@/components/common/name-dialog";
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { AskAdmins } from "@/components/permissions/ask-admins";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/common/load-error";
import { ErrorMessage } from "@/components/ui/error-message";
import { CopyId } from "@/components/ui/copy-id";
import { InlineIds, JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useEnvironments, useOrganisation, useProject } from "@/lib/dashboard/hooks";
import { forgetLocation } from "@/lib/dashboard/last-location";
import { paths } from "@/lib/dashboard/paths";
import type { Environment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { PermissionsPanel } from "@/components/permissions/permissions-panel";
import { gate, useProjectPermissions } from "@/components/permissions/use-permissions";
import { StaleFlagsSetting } from "./stale-flags-setting";
import { FeatureNamePatternSetting } from "./feature-name-pattern-setting";
import { FirstRunChecklist } from "./first-run-checklist";

export function ProjectPage({ projectId }: { projectId: number }) {
  const router = useRouter();
  const { data: project, error } = useProject(projectId);
  const { data: environments, error: envError } = useEnvironments(projectId);
  const { data: organisation } = useOrganisation(project?.organisation ?? null);
  const [dialog, setDialog] = useState<"environment" | "rename" | null>(null);
  const permissions = useProjectPermissions(projectId);
  const isAdmin = permissions.allows("ADMIN");
  const toast = useToast();

  const createEnvironment = async (name: string) => {
    const env = await api.post<Environment>(urls.environmentsCreate, { name, project: projectId });
    await mutate(urls.environments(projectId));
    toast({ message: `Created the environment ${env.name}.` });
    router.push(paths.features(projectId, env.api_key));
  };
  const rename = async (name: string) => {
    await api.patch(urls.project(projectId), { name });
    await mutate(urls.projects());
    toast({ message: `Renamed the project to ${name}.` });
  };
  const remove = async () => {
    await api.delete(urls.project(projectId));
    forgetLocation("projectId");
    forgetLocation("environmentKey");
    toast({ message: `Deleted the project ${project?.name ?? ""}.` });
    if (project) {
      // Leave first: this page's project is read from the list, and would turn "not found".
      router.push(paths.organisation(project.organisation));
      await mutate(urls.projects());
    }
  };

  if (error)
    return (
      <LoadError
        error={error}
        what="project"
        back={[{ href: paths.organisations, label: "Back to organisations" }]}
      />
    );

  return (
    <div className="space-y-10">
      <PageHeader
        title={project?.name ?? <Skeleton className="h-8 w-48" />}
        back={
          organisation ? { href: paths.organisation(organisation.id), label: organisation.name } : undefined
        }
        description={project && <JsonView record={project} label="Project JSON" />}
        actions={
          <>
            <Link href={paths.compare(projectId)} className={buttonClass()}>
              Compare environments
            </Link>
            <Link href={paths.projectChangeRequests(projectId)} className={buttonClass()}>
              Segment change requests
            </Link>
            {isAdmin && (
              <Button onClick={() => setDialog("rename")} disabled={!project}>
                Rename
              </Button>
            )}
            <Button
              variant="primary"
              onClick={() => setDialog("environment")}
              {...gate(permissions, "CREATE_ENVIRONMENT")}
            >
              New environment
            </Button>
          </>
        }
      />
      {environments && environments.results.length > 0 && (
        <FirstRunChecklist projectId={projectId} environments={environments.results} />
      )}
      <Section
        title="Environments"
        description="Features are shared by the project; each environment has its own on/off state, values and identities."
      >
        <ErrorMessage error={envError} />
        {!environments && !envError && <Skeleton className="h-20" />}
        {environments?.results.length === 0 &&
          permissions.loaded &&
          !permissions.allows("CREATE_ENVIRONMENT") && (
            <EmptyState title="No environment you can see">
              You can see this project, but no environment of it: each environment is granted on its own.{" "}
              <AskAdmins
                organisationId={project?.organisation ?? null}
                alsoAsk="or an admin of this project"
                permission="VIEW_ENVIRONMENT"
                on="the environment you need (Development, Production…)"
              />
            </EmptyState>
          )}
        {environments?.results.length === 0 && permissions.allows("CREATE_ENVIRONMENT") && (
          <EmptyState
            title="No environments yet"
            action={
              <Button
                variant="primary"
                onClick={() => setDialog("environment")}
                {...gate(permissions, "CREATE_ENVIRONMENT")}
              >
                New environment
              </Button>
            }
          >
            Most teams start with Development and Production. Each environment gets its own SDK key.
          </EmptyState>
        )}
        {environments && environments.results.length > 0 && (
          <CardGrid label="Environments">
            {environments.results.map((env) => (
              <li key={env.id}>
                <ListCard
                  href={paths.features(projectId, env.api_key)}
                  title={env.name}
                  meta={<CopyId field="api_key" value={env.api_key} />}
                >
                  <div className="mt-2">
                    <InlineIds record={env} />
                  </div>
                </ListCard>
              </li>
            ))}
          </CardGrid>
        )}
      </Section>
      {project && isAdmin && <StaleFlagsSetting project={project} />}
      {project && isAdmin && <FeatureNamePatternSetting project={project} />}
      {project && isAdmin && (
        <PermissionsPanel
          scope={{ kind: "project", id: projectId }}
          organisationId={project.organisation}
          deferred
        />
      )}
      {project && isAdmin && (
        <DangerZone
          what="project"
          name={project.name}
          consequence="Its environments, features, segments and identities are deleted too. SDKs using its keys stop getting flags."
          onDelete={remove}
        />
      )}
      <NameDialog
        open={dialog === "environment"}
        title="New environment"
        label="Environment name"
        placeholder="Production"
        submitLabel="Create environment"
        action="create the environment"
        onClose={() => setDialog(null)}
        onSubmit={createEnvironment}
      />
      <NameDialog
        open={dialog === "rename"}
        title="Rename project"
        label="Project name"
        submitLabel="Save"
        initialName={project?.name}
        action="rename the project"
        onClose={() => setDialog(null)}
        onSubmit={rename}
      />
    </div>
  );
}
