"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { mutate } from "swr";
import { FeatureValue } from "@/components/features/feature-value";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { compareRows, readCompared, type CompareRow } from "@/lib/dashboard/compare";
import {
  comparedStatesKey,
  featureStatesKey,
  useComparedStates,
  useEnvironments,
  useFeatures,
} from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Environment } from "@/lib/dashboard/types";
import { CopyStateDialog, type CopyRequest } from "./copy-state-dialog";

const PAGE_SIZE = 50;

/** Every feature × the chosen environments: what each serves by default, differences marked. */
export function ComparePage({ projectId }: { projectId: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { data: environments, error: envError } = useEnvironments(projectId);
  const all = useMemo(() => environments?.results ?? [], [environments]);
  const asked = readCompared(params.get("envs"));
  const chosen: Environment[] = (
    asked.length ? asked.map((key) => all.find((e) => e.api_key === key)) : all.slice(0, 2)
  ).filter((e): e is Environment => e !== undefined);
  const keys = chosen.map((e) => e.api_key);
  const { data: features, error: featuresError } = useFeatures(projectId);
  const { data: states, error: statesError } = useComparedStates(chosen.length >= 2 ? keys : []);
  const [onlyDiffs, setOnlyDiffs] = useState(params.get("diff") === "1");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const toast = useToast();

  const setChosen = (next: string[]) => {
    const query = new URLSearchParams(params.toString());
    query.set("envs", next.join(","));
    router.push(`${pathname}?${query}`, { scroll: false });
    setPage(0);
  };
  const rows = useMemo(() => {
    if (!features || !states) return [];
    const needle = search.trim().toLowerCase();
    return compareRows(
      features.results.filter((f) => f.name.toLowerCase().includes(needle)),
      states,
    ).filter((r) => !onlyDiffs || r.differs);
  }, [features, states, search, onlyDiffs]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const afterCopy = async (row: CompareRow, to: Environment) => {
    await Promise.all([mutate(comparedStatesKey(keys)), mutate(featureStatesKey(to.api_key))]);
    toast({ message: `Copied ${row.name} to ${to.name}.` });
  };

  return (
    <>
      <PageHeader
        title="Compare environments"
        back={{ href: paths.project(projectId), label: "Back to the project" }}
        description="What every feature serves by default in each environment. Segment and identity overrides are not compared."
      />
      <div className="space-y-4">
        <ErrorMessage error={envError ?? featuresError ?? statesError} />
        <fieldset className="flex flex-wrap items-center gap-4">
          <legend className="sr-only">Environments to compare</legend>
          {all.map((env) => (
            <Checkbox
              key={env.id}
              label={env.name}
              checked={keys.includes(env.api_key)}
              onChange={(e) =>
                setChosen(e.target.checked ? [...keys, env.api_key] : keys.filter((k) => k !== env.api_key))
              }
            />
          ))}
        </fieldset>
        {environments && chosen.length < 2 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Choose two environments or more.</p>
        )}
        {chosen.length >= 2 && (
          <div className="flex flex-wrap items-center gap-4">
            <input
              type="search"
              aria-label="Search features"
              placeholder="Search by name"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
              className={`${inputClass} max-w-xs`}
            />
            <Checkbox
              label="Only differences"
              checked={onlyDiffs}
              onChange={(e) => {
                setOnlyDiffs(e.target.checked);
                setPage(0);
              }}
            />
          </div>
        )}
        {chosen.length >= 2 && !states && !statesError && (
          <Card>
            <ListSkeleton rows={5} />
          </Card>
        )}
        {chosen.length >= 2 && states && (
          <Card>
            {/* A wide table scrolls sideways: focusable, so a keyboard can scroll it too. */}
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Compared environments">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Feature
                    </th>
                    {chosen.map((env) => (
                      <th key={env.id} scope="col" className="px-4 py-2 font-medium">
                        {env.name}
                      </th>
                    ))}
                    <th scope="col" className="px-4 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {shown.map((row) => (
                    <tr
                      key={row.featureId}
                      data-testid="compare-row"
                      data-feature={row.name}
                      data-differs={row.differs}
                      className={row.differs ? "bg-amber-50 dark:bg-amber-950/30" : undefined}
                    >
                      <th scope="row" className="px-4 py-2 text-left font-mono font-semibold">
                        {row.name}
                        {row.differs && (
                          <span className="ml-2 text-xs font-normal text-amber-700 dark:text-amber-300">
                            differs
                          </span>
                        )}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td key={chosen[i].id} className="px-4 py-2">
                          {cell.state ? (
                            <span className="flex items-center gap-2">
                              <span
                                className={
                                  cell.state.enabled
                                    ? "text-emerald-700 dark:text-emerald-400"
                                    : "text-zinc-500 dark:text-zinc-400"
                                }
                              >
                                {cell.state.enabled ? "On" : "Off"}
                              </span>
                              <FeatureValue value={cell.state.feature_state_value} />
                            </span>
                          ) : (
                            "—"
                          )}
                        </td>
                      ))}
                      <td className="px-4 py-2 text-right">
                        {row.differs && (
                          <Button size="sm" onClick={() => setCopy({ row, environments: chosen })}>
                            Copy state…
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rows.length === 0 && (
              <p className="px-4 py-6 text-sm text-zinc-600 dark:text-zinc-400">
                {onlyDiffs ? "No differences." : "No features."}
              </p>
            )}
          </Card>
        )}
        {pages > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
            <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button size="sm" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </div>
      <CopyStateDialog request={copy} onClose={() => setCopy(null)} onCopied={afterCopy} />
    </>
  );
}
