"use client";
import { ErrorMessage } from "@/components/ui/error-message";
import { JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/lib/dashboard/hooks";
import { ApiTokenPanel } from "./api-token-panel";
import { PasswordForm } from "./password-form";
import { PreferencesPanel } from "./preferences-panel";
import { ProfileForm } from "./profile-form";

export function AccountPage() {
  const { data: me, error } = useMe();
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <PageHeader title="Account" description={me ? me.email : <Skeleton className="h-4 w-48" />} />
      <ErrorMessage error={error} />
      {me && <JsonView record={me} label="User JSON" />}
      <ApiTokenPanel />
      {me ? <PreferencesPanel me={me} /> : <Skeleton className="h-32" />}
      {me ? <ProfileForm me={me} /> : <Skeleton className="h-40" />}
      <PasswordForm />
    </div>
  );
}
