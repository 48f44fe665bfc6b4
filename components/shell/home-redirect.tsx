"use client";
// `/` opens where the last visit ended: the remembered environment, else the project,
// else the organisation list.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { readLastLocation } from "@/lib/dashboard/last-location";
import { paths } from "@/lib/dashboard/paths";
import { LogoMark } from "./logo";

export function HomeRedirect() {
  const router = useRouter();
  useEffect(() => {
    const last = readLastLocation();
    if (last.projectId && last.environmentKey)
      router.replace(paths.features(last.projectId, last.environmentKey));
    else if (last.projectId) router.replace(paths.project(last.projectId));
    else if (last.organisationId) router.replace(paths.organisation(last.organisationId));
    else router.replace(paths.organisations);
  }, [router]);
  return (
    <main className="flex min-h-screen items-center justify-center" aria-busy>
      <LogoMark className="h-10 w-10 animate-pulse" />
    </main>
  );
}
