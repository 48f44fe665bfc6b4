"use client";
// Where the flag is used in code: the latest scan of each repository (Flagsmith's
// collect-code-references workflow), with a link to each line.
import { Card, Section } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApi } from "@/lib/dashboard/hooks";
import { urls } from "@/lib/dashboard/urls";
import type { z } from "zod";
import type { ZFeatureCodeReferences } from "@/lib/code-references/responses";

type Repositories = z.infer<typeof ZFeatureCodeReferences>;

export function CodeReferences({ projectId, featureId }: { projectId: number; featureId: number }) {
  const { data, error } = useApi<Repositories>(urls.featureCodeReferences(projectId, featureId));
  return (
    <Section
      title="Code references"
      description="Where the latest scan of each repository found this flag's name. Scans are uploaded by Flagsmith's collect-code-references workflow."
    >
      <Card className="p-4">
        <div data-testid="code-references">
          {error ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Code references are not available.</p>
          ) : !data ? (
            <Skeleton className="h-16" />
          ) : data.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No scanned repository uses this flag.</p>
          ) : (
            <div className="space-y-4">
              {data.map((repo) => (
                <div key={repo.repository_url}>
                  <h3 className="text-sm font-medium break-all">
                    {repo.repository_url}{" "}
                    <span className="font-normal text-zinc-600 dark:text-zinc-400">
                      at <span className="font-mono">{repo.revision.slice(0, 12)}</span>
                    </span>
                  </h3>
                  <ul className="mt-1 space-y-1">
                    {repo.code_references.map((ref) => (
                      <li key={`${ref.file_path}:${ref.line_number}`} className="text-sm break-all">
                        <a
                          href={ref.permalink}
                          target="_blank"
                          rel="noreferrer"
                          className="font-mono text-indigo-700 hover:underline dark:text-indigo-400"
                        >
                          {ref.file_path}:{ref.line_number}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </div>
      </Card>
    </Section>
  );
}
