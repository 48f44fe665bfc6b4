"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { mutate } from "swr";
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
import { fetchOverrideDiffs, overrideDiffsKey, type FeatureDiff } from "@/lib/dashboard/promotion";
import type { Environment } from "@/lib/dashboard/types";
import { useApi } from "@/lib/dashboard/hooks";
import { CompareCell } from "./compare-cell";
import { CopyStateDialog, type CopyRequest } from "./copy-state-dialog";
import { PromoteBar } from "./promote-bar";
import { PromoteDialog, type PromoteRequest } from "./promote-dialog";

const PAGE_SIZE = 50;

/** Every feature × the chosen environments: what each serves by default, differences marked. */
/** Whether a feature's promotion diff differs in what the compared states do not show. */
const beyondStates = (diff: FeatureDiff | undefined) =>
  diff !== undefined &&
  (diff.environment_default.changes.includes("weights") ||
    diff.segment_overrides.some((o) => o.status !== "unchanged"));

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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(1);
  const [promote, setPromote] = useState<PromoteRequest | null>(null);
  const toast = useToast();
  // Weights and segment overrides: each environment against the first one compared.
  const featureIds = useMemo(() => (features?.results ?? []).map((f) => f.id), [features]);
  // Bumped after each write: the next read of the diffs is a fresh one.
  const [round, setRound] = useState(0);
  const diffsBase =
    chosen.length >= 2
      ? overrideDiffsKey(
          chosen[0].id,
          chosen.slice(1).map((e) => e.id),
          featureIds,
        )
      : null;
  const diffsKey = diffsBase && `${diffsBase}#${round}`;
  const { data: diffs, error: diffsError } = useApi<Map<number, FeatureDiff>[]>(diffsKey, {
    fetcher: () =>
      fetchOverrideDiffs(
        projectId,
        chosen[0].id,
        chosen.slice(1).map((e) => e.id),
        featureIds,
      ),
  });

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
    )
      .map((r) => ({
        ...r,
        feature: features.results.find((f) => f.id === r.featureId)!,
        // On/off and values come from the states above (re-read after every copy); the
        // promotion diff adds what they lack: weights and segment overrides.
        differs: r.differs || (diffs ?? []).some((d) => beyondStates(d.get(r.featureId))),
      }))
      .filter((r) => !onlyDiffs || r.differs);
  }, [features, states, search, onlyDiffs, diffs]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const afterCopy = async (row: CompareRow, to: Environment) => {
    await Promise.all([
      mutate(comparedStatesKey(keys)),
      mutate(featureStatesKey(to.api_key)),
      mutate(diffsKey),
    ]);
    toast({ message: `Copied ${row.name} to ${to.name}.` });
  };
  const afterPromote = async (request: PromoteRequest, count: number) => {
    setRound((r) => r + 1);
    await Promise.all([mutate(comparedStatesKey(keys)), mutate(featureStatesKey(request.target.api_key))]);
    setSelected(new Set());
    toast({ message: `Promoted ${count} change${count === 1 ? "" : "s"} to ${request.target.name}.` });
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  return (
    <>
      <PageHeader
        title="Compare environments"
        back={{ href: paths.project(projectId), label: "Back to the project" }}
        description="What every feature serves in each environment: on/off, value, variation weights and segment overrides, each compared with the first environment. Identity overrides are not compared."
      />
      <div className="space-y-4">
        <ErrorMessage error={envError ?? featuresError ?? statesError ?? diffsError} />
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
        {chosen.length >= 2 && (
          <PromoteBar
            environments={chosen}
            from={from}
            to={to}
            onFrom={setFrom}
            onTo={setTo}
            selected={selected.size}
            onPromote={() =>
              setPromote({
                projectId,
                source: chosen[from],
                target: chosen[to],
                features: (features?.results ?? []).filter((f) => selected.has(f.id)),
              })
            }
          />
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
                      <th scope="row" className="px-4 py-2 text-left align-top font-semibold">
                        <span className="flex items-start gap-2">
                          <input
                            type="checkbox"
                            aria-label={`Select ${row.name}`}
                            checked={selected.has(row.featureId)}
                            onChange={(e) => toggle(row.featureId, e.target.checked)}
                            className="mt-0.5 h-4 w-4 accent-indigo-600"
                          />
                          <span className="min-w-0 max-w-[14rem] break-all font-mono">{row.name}</span>
                        </span>
                        {row.differs && (
                          <span className="mt-1 block text-xs font-normal text-amber-700 dark:text-amber-300">
                            differs
                          </span>
                        )}
                        {row.differs && (
                          <Button
                            size="sm"
                            className="mt-1"
                            onClick={() => setCopy({ row, environments: chosen })}
                          >
                            Copy state…
                          </Button>
                        )}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td key={chosen[i].id} className="px-4 py-2 align-top">
                          <CompareCell
                            state={cell.state}
                            feature={row.feature}
                            diff={diffs?.[Math.max(0, i - 1)]?.get(row.featureId)}
                            isFirst={i === 0}
                          />
                        </td>
                      ))}
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
      <PromoteDialog request={promote} onClose={() => setPromote(null)} onPromoted={afterPromote} />
    </>
  );
}
