"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { DangerZone } from "@/components/common/danger-zone";
import { NameDialog } from "@/components/common/name-dialog";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-button";
import { ErrorMessage } from "@/components/ui/error-message";
import { JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useEnvironment } from "@/lib/dashboard/hooks";
import { forgetLocation } from "@/lib/dashboard/last-location";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";
import { ChangeRequestSettings } from "./change-request-settings";
import { EnvironmentToggles } from "./environment-toggles";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { ServerKeys } from "./server-keys";
import { PermissionsPanel } from "@/components/permissions/permissions-panel";
import { useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { useProject } from "@/lib/dashboard/hooks";

export function EnvironmentSettings({
  projectId,
  environmentKey,
}: {
  projectId: number;
  environmentKey: string;
}) {
  const router = useRouter();
  const { data: env, error } = useEnvironment(environmentKey);
  const [renaming, setRenaming] = useState(false);
  const [cloning, setCloning] = useState(false);
  const permissions = useEnvironmentPermissions(environmentKey);
  const isAdmin = permissions.allows("ADMIN");
  const { data: project } = useProject(projectId);

  const toast = useToast();
  const rename = async (name: string) => {
    await api.patch(urls.environment(environmentKey), { name });
    await Promise.all([mutate(urls.environment(environmentKey)), mutate(urls.environments(projectId))]);
    toast({ message: `Renamed the environment to ${name}.` });
  };
  const clone = async (name: string) => {
    const created = await api.post<{ api_key: string }>(urls.environmentClone(environmentKey), { name });
    await mutate(urls.environments(projectId));
    toast({ message: `Cloned ${env?.name ?? "the environment"} into ${name}.` });
    router.push(paths.settings(projectId, created.api_key));
  };
  const remove = async () => {
    await api.delete(urls.environment(environmentKey));
    forgetLocation("environmentKey");
    toast({ message: `Deleted the environment ${env?.name ?? ""}.` });
    // Leave first: this page's environment is read from the list, and would turn "not found".
    router.push(paths.project(projectId));
    await mutate(urls.environments(projectId));
  };

  if (error) return <ErrorMessage error={error} />;

  return (
    <div className="space-y-10">
      <PageHeader
        title="Environment settings"
        description={
          env ? (
            <>Settings of {env.name}. SDKs identify this environment by its keys.</>
          ) : (
            <Skeleton className="h-4 w-64" />
          )
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setCloning(true)} disabled={!env}>
              Clone environment
            </Button>
            {isAdmin && (
              <Button onClick={() => setRenaming(true)} disabled={!env}>
                Rename
              </Button>
            )}
          </>
        }
      />
      {env && <JsonView record={env} label="Environment JSON" />}
      <Section
        title="Client-side key"
        description="For browsers and mobile apps. It is not a secret: it only reads this environment's flags."
      >
        <Card className="p-4">
          {env ? (
            <CopyField value={env.api_key} label="client key" testId="client-key" />
          ) : (
            <Skeleton className="h-8" />
          )}
        </Card>
      </Section>
      {permissions.loaded && !isAdmin && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Only administrators of this environment can see its server-side keys and change its settings.
        </p>
      )}
      {isAdmin && <ServerKeys environmentKey={environmentKey} />}
      {isAdmin && <WebhooksPanel listUrl={urls.environmentWebhooks(environmentKey)} scope="environment" />}
      {env && isAdmin && <EnvironmentToggles environment={env} />}
      {env && isAdmin && (
        <ChangeRequestSettings
          url={urls.environment(environmentKey)}
          listUrl={urls.environments(projectId)}
          name={env.name}
          current={env.minimum_change_request_approvals ?? null}
          what="flags"
        />
      )}
      {env && isAdmin && project && (
        <PermissionsPanel
          scope={{ kind: "environment", key: environmentKey }}
          organisationId={project.organisation}
          deferred
        />
      )}
      {env && isAdmin && (
        <DangerZone
          what="environment"
          name={env.name}
          consequence="Its flag states, overrides and identities are deleted, and its keys stop working."
          onDelete={remove}
        />
      )}
      <NameDialog
        open={cloning}
        title="Clone environment"
        description="A new environment with this one's settings, flags, segment overrides and variant weights, and new keys. Identities and their overrides are not copied."
        label="Name of the new environment"
        submitLabel="Clone"
        action="clone the environment"
        onClose={() => setCloning(false)}
        onSubmit={clone}
      />
      <NameDialog
        open={renaming}
        title="Rename environment"
        label="Environment name"
        submitLabel="Save"
        initialName={env?.name}
        onClose={() => setRenaming(false)}
        onSubmit={rename}
      />
    </div>
  );
}
