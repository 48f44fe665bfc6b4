"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";
import { AuthCard } from "./auth-card";
import { useAuthConfig } from "./use-first-run";

/** An invitation the new account joins through (the join pages); it opens sign-up even when it is off. */
export type SignUpInvitation = { hash: string; type: "INVITE_EMAIL" | "INVITE_LINK" };

export function SignUpForm({
  invitation,
  onSignedIn,
}: {
  invitation?: SignUpInvitation;
  /** Called once signed in, with the organisation joined; by default, go to the organisations. */
  onSignedIn?: (organisation: number | undefined) => void;
} = {}) {
  const router = useRouter();
  const config = useAuthConfig();
  const firstRun = config?.has_users === false && !invitation;
  const [form, setForm] = useState({ first_name: "", last_name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    let organisation: number | undefined;
    try {
      const body = invitation
        ? { ...form, invite_hash: invitation.hash, sign_up_type: invitation.type }
        : form;
      organisation = (await api.post<{ organisation?: number }>(urls.signUp, body)).organisation;
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      const known = ["email", "password", "first_name", "last_name"];
      if (!Object.keys(fields).some((k) => known.includes(k))) setError(errorMessage(e));
      setBusy(false);
      return;
    }
    const result = await signIn("credentials", {
      email: form.email,
      password: form.password,
      redirect: false,
    });
    if (!result || result.error) {
      setBusy(false);
      setError("Your account was created, but signing in failed. Try signing in.");
      return;
    }
    if (onSignedIn) return onSignedIn(organisation);
    router.replace(paths.organisations);
    router.refresh();
  };

  const formElement = (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.first_name}
          onChange={set("first_name")}
          error={errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.last_name}
          onChange={set("last_name")}
          error={errors.last_name}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={set("email")}
        error={errors.email}
        hint={invitation?.type === "INVITE_EMAIL" ? "The address the invitation was sent to." : undefined}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        value={form.password}
        onChange={set("password")}
        error={errors.password}
      />
      <ErrorMessage message={error} />
      <Button type="submit" variant="primary" busy={busy} className="w-full">
        {firstRun ? "Create the first account" : invitation ? "Create account and join" : "Create account"}
      </Button>
    </form>
  );
  if (invitation) return formElement;

  return (
    <AuthCard
      title={firstRun ? "Welcome to Ensign" : "Create your account"}
      subtitle={
        firstRun
          ? "No one has signed up yet. Create the first account: you will set up your organisation next."
          : "Feature flags for your apps, compatible with every Flagsmith SDK."
      }
      footer={
        firstRun ? null : (
          <>
            Already have an account?{" "}
            <Link
              href={paths.login}
              className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Sign in
            </Link>
          </>
        )
      }
    >
      {config?.allow_signup === false && !firstRun ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Sign-up is turned off on this Ensign. Ask an administrator for an account.
        </p>
      ) : (
        formElement
      )}
    </AuthCard>
  );
}
