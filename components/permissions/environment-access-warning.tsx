"use client";
// In a project's permission editor: a member or group given View project but no environment of
// the project would open the project and find nothing in it. Each environment is granted on its
// own, so the editor says so, and names the environments to grant.
import { api } from "@/lib/dashboard/api-client";
import { listOf, useApi, useEnvironments } from "@/lib/dashboard/hooks";
import type { GroupGrant, Page, UserDetailedPermissions } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const idOf = (value: number | { id: number }) => (typeof value === "number" ? value : value.id);

async function seesAnEnvironment(keys: string[], kind: "user" | "group", id: number): Promise<boolean> {
  const answers = await Promise.all(
    keys.map(async (key) => {
      const scope = `environments/${key}`;
      if (kind === "user") {
        const d = await api.get<UserDetailedPermissions>(urls.userDetailedPermissions(scope, id));
        return d.admin || d.permissions.some((p) => p.permission_key === "VIEW_ENVIRONMENT");
      }
      const grants = listOf(await api.get<GroupGrant[] | Page<GroupGrant>>(urls.grants(scope, "user-group")));
      const grant = grants?.find((g) => idOf(g.group) === id);
      return Boolean(grant && (grant.admin || grant.permissions.includes("VIEW_ENVIRONMENT")));
    }),
  );
  return answers.some(Boolean);
}

export function EnvironmentAccessWarning({
  projectId,
  kind,
  id,
  name,
}: {
  projectId: number;
  kind: "user" | "group";
  id: number;
  name: string;
}) {
  const { data: environments } = useEnvironments(projectId);
  const keys = environments?.results.map((e) => e.api_key) ?? [];
  const { data: sees } = useApi<boolean>(
    environments && keys.length > 0
      ? `environment-access:${projectId}:${kind}:${id}:${keys.join(",")}`
      : null,
    { fetcher: () => seesAnEnvironment(keys, kind, id) },
  );
  if (sees !== false || !environments) return null;
  const names = environments.results.map((e) => e.name).join(", ");
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {name} can see this project but no environment in it, so its flags stay hidden from them. Grant{" "}
      <strong>View environment</strong> in the settings of an environment ({names}).
    </p>
  );
}
