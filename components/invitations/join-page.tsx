"use client";
// Where an invitation's link leads. Signed in: confirm and join. Signed out: create an
// account through the invitation (it joins at sign-up), or sign in and come back here.
import Link from "next/link";
import { SessionProvider, useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { mutate } from "swr";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { paths } from "@/lib/dashboard/paths";
import type { Organisation } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Kind = "email" | "link";

/** The only page that asks next-auth who is signed in; the rest of the dashboard never does. */
export function JoinPage(props: { hash: string; kind: Kind }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <JoinChoice {...props} />
    </SessionProvider>
  );
}

function JoinChoice({ hash, kind }: { hash: string; kind: Kind }) {
  const router = useRouter();
  const { data: session, status } = useSession();
  const [mode, setMode] = useState<"signup" | "choose">("choose");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const here = kind === "email" ? paths.join(hash) : paths.joinLink(hash);

  const land = async (organisation: number | undefined) => {
    await mutate(urls.organisations);
    router.replace(organisation ? paths.organisation(organisation) : paths.organisations);
    router.refresh();
  };
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const org = await api.post<Organisation>(
        kind === "email" ? urls.joinByEmail(hash) : urls.joinByLink(hash),
      );
      await land(org.id);
    } catch (e) {
      setError(
        (e as { status?: number }).status === 404
          ? "This invitation does not exist any more: it was used or revoked. Ask for a new one."
          : errorMessage(e),
      );
      setBusy(false);
    }
  };

  const subtitle =
    kind === "email"
      ? "You have been invited to join an organisation on Ensign."
      : "You have an invite link to join an organisation on Ensign.";

  if (status === "loading") {
    return (
      <AuthCard title="Join an organisation" subtitle={subtitle}>
        <Skeleton className="h-10" />
      </AuthCard>
    );
  }
  if (session) {
    return (
      <AuthCard title="Join an organisation" subtitle={subtitle}>
        <div className="space-y-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            You are signed in as <strong>{session.user?.email}</strong>.
            {kind === "email" && " The invitation works only for the address it was sent to."}
          </p>
          <ErrorMessage message={error} />
          <Button variant="primary" className="w-full" busy={busy} onClick={join}>
            Join the organisation
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (mode === "signup") {
    return (
      <AuthCard
        title="Create your account"
        subtitle={subtitle}
        footer={
          <button
            type="button"
            className="font-medium text-indigo-600 hover:underline"
            onClick={() => setMode("choose")}
          >
            Back
          </button>
        }
      >
        <SignUpForm
          invitation={{ hash, type: kind === "email" ? "INVITE_EMAIL" : "INVITE_LINK" }}
          onSignedIn={land}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join an organisation" subtitle={subtitle}>
      <div className="space-y-3">
        <Button variant="primary" className="w-full" onClick={() => setMode("signup")}>
          I am new: create an account
        </Button>
        <Link
          href={`${paths.login}?callbackUrl=${encodeURIComponent(here)}`}
          className="block w-full rounded-md py-2 text-center text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          I have an account: sign in
        </Link>
      </div>
    </AuthCard>
  );
}
