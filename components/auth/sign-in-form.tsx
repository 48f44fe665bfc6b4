"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextField } from "@/components/ui/field";
import { SSO_ERRORS } from "@/lib/auth/oidc-errors";
import { safeRedirectPath } from "@/lib/auth/redirect";
import { paths } from "@/lib/dashboard/paths";
import { AuthCard } from "./auth-card";
import { useAuthConfig } from "./use-first-run";

/** Only paths of this site: a crafted link must not bounce the user elsewhere. */
export function safeCallback(value: string | null): string {
  return safeRedirectPath(value, paths.home);
}

type SignInResult = Awaited<ReturnType<typeof signIn>>;

function signInError(result: SignInResult): string {
  if (result?.status === 429) return "Too many failed sign-ins. Wait a few minutes and try again.";
  if (!result || !result.error || result.error === "CredentialsSignin")
    return "Email or password is incorrect.";
  return result.error;
}

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const callbackUrl = safeCallback(params.get("callbackUrl"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const returnedError = params.get("error");
  const [error, setError] = useState<string | null>(
    returnedError ? (SSO_ERRORS[returnedError] ?? "Sign-in failed.") : null,
  );
  const [busy, setBusy] = useState(false);
  const [ssoBusy, setSsoBusy] = useState(false);
  const config = useAuthConfig();
  const firstRun = config?.has_users === false;
  const sso = config?.single_sign_on ?? null;

  useEffect(() => {
    if (firstRun) router.replace(paths.signup);
  }, [firstRun, router]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Nothing typed is not a wrong password: say what is missing, without asking the server.
    if (!email.trim() || !password) {
      setError(
        !email.trim() && !password
          ? "Enter your email and password."
          : !email.trim()
            ? "Enter your email."
            : "Enter your password.",
      );
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error || !result.ok) {
      setBusy(false);
      setError(signInError(result));
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  };

  return (
    <AuthCard
      title="Sign in to Ensign"
      subtitle="Manage feature flags, segments and identities."
      footer={
        <>
          No account yet?{" "}
          <Link
            href={paths.signup}
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Create one
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorMessage message={error} />
        <Button type="submit" variant="primary" busy={busy} className="w-full">
          Sign in
        </Button>
      </form>
      {sso && (
        <div className="mt-4 space-y-4">
          <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            or
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <Button
            type="button"
            className="w-full"
            busy={ssoBusy}
            onClick={() => {
              setSsoBusy(true);
              void signIn(sso.provider, { callbackUrl });
            }}
          >
            Sign in with {sso.name}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
