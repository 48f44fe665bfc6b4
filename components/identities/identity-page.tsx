"use client";
import { useRouter } from "next/navigation";
import { mutate } from "swr";
import { DangerZone } from "@/components/common/danger-zone";
import { LoadError } from "@/components/common/load-error";
import { PermissionGate } from "@/components/permissions/permission-gate";
import { PermissionRequired } from "@/components/permissions/permission-required";
import { useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useIdentity } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";
import { IdentityFlags } from "./identity-flags";
import { TraitList } from "./trait-list";

type IdentityPageProps = { projectId: number; environmentKey: string; identityId: number };

export function IdentityPage(props: IdentityPageProps) {
  const permissions = useEnvironmentPermissions(props.environmentKey);
  return (
    <PermissionRequired permissions={permissions} permission="VIEW_IDENTITIES" title="Identity">
      <PermissionGate denial={permissions.denial("MANAGE_IDENTITIES")}>
        <IdentityDetail {...props} />
      </PermissionGate>
    </PermissionRequired>
  );
}

function IdentityDetail({ projectId, environmentKey, identityId }: IdentityPageProps) {
  const router = useRouter();
  const { data: identity, error } = useIdentity(environmentKey, identityId);

  const toast = useToast();
  const remove = async () => {
    await api.delete(urls.identity(environmentKey, identityId));
    toast({ message: `Deleted the identity ${identity?.identifier ?? ""}.` });
    await mutate((key) => typeof key === "string" && key.startsWith(urls.identitiesCreate(environmentKey)));
    router.push(paths.identities(projectId, environmentKey));
  };

  if (error)
    return (
      <LoadError
        error={error}
        what="identity"
        back={[{ href: paths.identities(projectId, environmentKey), label: "Back to identities" }]}
      />
    );

  return (
    <div className="space-y-10">
      <div>
        <PageHeader
          back={{ href: paths.identities(projectId, environmentKey), label: "Identities" }}
          title={
            identity ? (
              <span className="font-mono">{identity.identifier}</span>
            ) : (
              <Skeleton className="h-8 w-56" />
            )
          }
          description="Its traits, and every flag as the SDKs resolve it for this identity."
        />
        {identity && <JsonView record={identity} label="Identity JSON" />}
      </div>
      {/* Its traits and flags are asked for once the identity is known to exist (a wrong id shows
          its 404 and nothing else). */}
      {identity ? (
        <>
          <TraitList environmentKey={environmentKey} identityId={identityId} />
          <IdentityFlags
            projectId={projectId}
            environmentKey={environmentKey}
            identityId={identityId}
            identifier={identity.identifier}
          />
        </>
      ) : (
        <Skeleton className="h-40" />
      )}
      {identity && (
        <DangerZone
          what="identity"
          name={identity.identifier}
          consequence="Its traits and overrides are deleted."
          onDelete={remove}
        />
      )}
    </div>
  );
}
