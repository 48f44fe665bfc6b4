"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { NameDialog } from "@/components/common/name-dialog";
import { CardGrid, ListCard } from "@/components/common/list-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { InlineIds } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useOrganisations } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Organisation } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function OrganisationList() {
  const router = useRouter();
  const { data, error, isLoading } = useOrganisations();
  const [creating, setCreating] = useState(false);
  const toast = useToast();

  const create = async (name: string) => {
    const org = await api.post<Organisation>(urls.organisations, { name });
    await mutate(urls.organisations);
    toast({ message: `Created the organisation ${org.name}.` });
    router.push(paths.organisation(org.id));
  };

  return (
    <>
      <PageHeader
        title="Organisations"
        description="An organisation holds projects and the people who work on them."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            New organisation
          </Button>
        }
      />
      <ErrorMessage error={error} />
      {isLoading && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      )}
      {data && data.results.length === 0 && (
        <EmptyState
          title="Create your first organisation"
          action={
            <Button variant="primary" onClick={() => setCreating(true)}>
              New organisation
            </Button>
          }
        >
          Organisations group your projects. Create one for your company or team, then add a project and its
          environments.
        </EmptyState>
      )}
      {data && data.results.length > 0 && (
        <CardGrid label="Organisations">
          {data.results.map((org) => (
            <li key={org.id}>
              <ListCard
                href={paths.organisation(org.id)}
                title={org.name}
                meta={org.role === "ADMIN" ? "Administrator" : "Member"}
              >
                <div className="mt-2">
                  <InlineIds record={org} />
                </div>
              </ListCard>
            </li>
          ))}
        </CardGrid>
      )}
      <NameDialog
        open={creating}
        title="New organisation"
        label="Organisation name"
        placeholder="Acme Inc."
        submitLabel="Create organisation"
        action="create the organisation"
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
    </>
  );
}
