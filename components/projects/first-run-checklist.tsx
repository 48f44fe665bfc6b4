"use client";
// The first steps of a new project, each ticked from real data (a feature, an SDK that called,
// evaluations reported), until the person dismisses the list (kept in this browser).
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import type { FlagAnalytics } from "@/lib/dashboard/analytics";
import { FIRST_RUN_ENVIRONMENTS, firstRunDismissedKey, firstRunDone } from "@/lib/dashboard/first-run";
import { useApi } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Environment, Feature, Identity, Page } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

/** Evaluations SDKs reported in the last year: enough to know whether any arrived. */
const analyticsUrl = (key: string) => `${urls.analytics(key)}?days=365`;

function useDismissed(projectId: number) {
  const [dismissed, setDismissed] = useState<boolean | null>(null);
  useEffect(() => {
    setDismissed(window.localStorage.getItem(firstRunDismissedKey(projectId)) === "1");
  }, [projectId]);
  const dismiss = () => {
    window.localStorage.setItem(firstRunDismissedKey(projectId), "1");
    setDismissed(true);
  };
  return [dismissed, dismiss] as const;
}

export function FirstRunChecklist({
  projectId,
  environments,
}: {
  projectId: number;
  environments: Environment[];
}) {
  const [dismissed, dismiss] = useDismissed(projectId);
  const checked = environments.slice(0, FIRST_RUN_ENVIRONMENTS);
  const first = checked[0];
  const active = dismissed === false && first !== undefined;
  const { data: features } = useApi<Page<Feature>>(
    active ? urls.features(projectId, { page_size: 1 }) : null,
  );
  const { data: identities } = useApi<Page<Identity>>(
    active ? urls.identities(first.api_key, { page_size: 1 }) : null,
  );
  const { data: analyticsA } = useApi<FlagAnalytics>(active ? analyticsUrl(first.api_key) : null, {
    shouldRetryOnError: false,
  });
  const second = checked[1];
  const { data: analyticsB } = useApi<FlagAnalytics>(active && second ? analyticsUrl(second.api_key) : null, {
    shouldRetryOnError: false,
  });
  if (!active || !features) return null;

  const done = firstRunDone({
    featureCount: features.count,
    identityCount: identities?.count ?? 0,
    analytics: [analyticsA, analyticsB],
  });
  const steps = [
    {
      key: "flag",
      title: "Create a flag",
      body: (
        <>
          A feature your code asks about by name.{" "}
          <Link className="underline" href={paths.features(projectId, first.api_key)}>
            Go to the features of {first.name}
          </Link>
          .
        </>
      ),
    },
    {
      key: "sdk",
      title: "Connect an SDK",
      body: (
        <>
          Copy the snippet for your language, filled in with the environment&rsquo;s key:{" "}
          <Link className="underline" href={paths.sdk(projectId, first.api_key)}>
            Connect an SDK to {first.name}
          </Link>
          .
        </>
      ),
    },
    {
      key: "evaluation",
      title: "See the first evaluation",
      body: <>Ticked when an SDK reports its first flag evaluations (analytics) to this project.</>,
    },
  ] as const;
  const remaining = steps.filter((s) => !done[s.key]).length;

  return (
    <Section
      title="Get started"
      description={
        remaining === 0
          ? "Every step is done: this project is serving flags."
          : `${3 - remaining} of 3 steps done.`
      }
    >
      <Card className="p-4">
        <ol aria-label="First steps" className="space-y-3">
          {steps.map((step) => (
            <li key={step.key} data-done={done[step.key]} className="flex items-start gap-3">
              <span
                aria-hidden
                className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                  done[step.key]
                    ? "border-emerald-600 bg-emerald-600 text-white"
                    : "border-zinc-400 text-transparent dark:border-zinc-500"
                }`}
              >
                ✓
              </span>
              <div className="min-w-0 text-sm">
                <p className="font-medium text-zinc-900 dark:text-zinc-100">
                  {step.title}
                  <span className="sr-only">{done[step.key] ? " (done)" : " (to do)"}</span>
                </p>
                <p className="text-zinc-600 dark:text-zinc-400">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-4">
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Dismiss checklist
          </Button>
        </div>
      </Card>
    </Section>
  );
}
