"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { mutate } from "swr";
import { NameDialog } from "@/components/common/name-dialog";
import { PermissionRequired } from "@/components/permissions/permission-required";
import { gate, useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { Button } from "@/components/ui/button";
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
import { useIdentities } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Identity } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const PAGE_SIZE = 20;

type IdentitiesPageProps = { projectId: number; environmentKey: string };

export function IdentitiesPage(props: IdentitiesPageProps) {
  const permissions = useEnvironmentPermissions(props.environmentKey);
  return (
    <PermissionRequired permissions={permissions} permission="VIEW_IDENTITIES" title="Identities">
      <IdentityList {...props} />
    </PermissionRequired>
  );
}

function IdentityList({ projectId, environmentKey }: IdentitiesPageProps) {
  const manage = gate(useEnvironmentPermissions(environmentKey), "MANAGE_IDENTITIES");
  const router = useRouter();
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Identity | null>(null);
  const { data, error, isLoading } = useIdentities(environmentKey, search, page);

  useEffect(() => {
    // Only a changed search goes back to page 1: on first render this timer would otherwise
    // undo a click on Next made within its 250 ms.
    const next = input.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input, search]);

  const refresh = () =>
    mutate((key) => typeof key === "string" && key.startsWith(urls.identitiesCreate(environmentKey)));
  const toast = useToast();
  const create = async (identifier: string) => {
    const identity = await api.post<Identity>(urls.identitiesCreate(environmentKey), { identifier });
    await refresh();
    toast({ message: `Created the identity ${identifier}.` });
    router.push(paths.identity(projectId, environmentKey, identity.id));
  };
  const remove = async (identity: Identity) => {
    await api.delete(urls.identity(environmentKey, identity.id));
    await refresh();
    toast({ message: `Deleted the identity ${identity.identifier}.` });
  };

  const results = data?.results ?? [];
  const first = (page - 1) * PAGE_SIZE + 1;

  return (
    <>
      <PageHeader
        title="Identities"
        description="Users your apps identified in this environment, with their traits. Override flags for one identity here."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)} {...manage}>
            New identity
          </Button>
        }
      />
      <div className="space-y-4">
        <div className="space-y-1">
          <input
            type="search"
            aria-label="Search identities"
            aria-describedby="identity-search-hint"
            placeholder="Search identifiers"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className={inputClass}
          />
          <p id="identity-search-hint" className="text-xs text-zinc-500 dark:text-zinc-400">
            Quote for an exact match: &quot;user-42&quot;
          </p>
        </div>
        <ErrorMessage error={error} />
        {isLoading && !data && (
          <Card>
            <ListSkeleton rows={4} />
          </Card>
        )}
        {data && data.count === 0 && !search && (
          <EmptyState
            title="No identities yet"
            action={
              <Button onClick={() => setCreating(true)} {...manage}>
                New identity
              </Button>
            }
          >
            Identities appear when an SDK identifies a user, e.g.{" "}
            <code className="font-mono">flagsmith.identify(&quot;user-42&quot;)</code>. You can also create
            one here to test overrides.
          </EmptyState>
        )}
        {data && data.count === 0 && search && (
          <EmptyState title="No identities match">Nothing matches “{search}”.</EmptyState>
        )}
        {results.length > 0 && (
          <Card>
            <ul aria-label="Identities" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {results.map((identity) => (
                <li
                  key={identity.id}
                  data-testid="identity-row"
                  className="flex items-center gap-4 px-4 py-3"
                >
                  <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                    <Link
                      href={paths.identity(projectId, environmentKey, identity.id)}
                      className="max-w-full truncate font-mono text-sm font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
                    >
                      {identity.identifier}
                    </Link>
                    <InlineIds record={identity} />
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${identity.identifier}`}
                    onClick={() => setDeleting(identity)}
                    {...manage}
                    className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {data && data.count > 0 && (
          <nav
            aria-label="Pages"
            className="flex items-center justify-between text-sm text-zinc-600 dark:text-zinc-400"
          >
            <span data-testid="identities-range">
              {first}–{first + results.length - 1} of {data.count}
            </span>
            <div className="flex gap-2">
              <Button size="sm" disabled={!data.previous} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button size="sm" disabled={!data.next} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          </nav>
        )}
      </div>
      <NameDialog
        open={creating}
        title="New identity"
        label="Identifier"
        placeholder="user-42"
        submitLabel="Create identity"
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete identity “${deleting?.identifier}”?`}
        message="Its traits and overrides are deleted. If an SDK identifies it again, it comes back without them."
        confirmLabel="Delete identity"
        onClose={() => setDeleting(null)}
        onConfirm={() => remove(deleting!)}
      />
    </>
  );
}
