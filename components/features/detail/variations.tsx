"use client";
// Multivariate options and their share of identities in this environment. A slider can
// never take the total past 100%: what is left goes to the control value.
import { useEffect, useMemo, useState } from "react";
import { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { InlineIds } from "@/components/ui/json-view";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { featureStatesKey } from "@/lib/dashboard/hooks";
import type { Feature, FeatureState, MultivariateOption } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { valueFromObject } from "@/lib/dashboard/values";
import { FeatureValue } from "../feature-value";
import { AddVariationDialog } from "./add-variation-dialog";
import { AllocationRow } from "./allocation-row";

type VariationsProps = { projectId: number; environmentKey: string; feature: Feature; state: FeatureState };

const round = (n: number) => Math.round(n * 100) / 100;

export function Variations({ projectId, environmentKey, feature, state }: VariationsProps) {
  const options = feature.multivariate_options;
  const stored = useMemo(
    () =>
      new Map(
        state.multivariate_feature_state_values.map((v) => [
          v.multivariate_feature_option,
          v.percentage_allocation,
        ]),
      ),
    [state],
  );
  const [shares, setShares] = useState<Map<number, number>>(stored);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MultivariateOption | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setShares(stored), [stored]);

  const total = round(options.reduce((sum, o) => sum + (shares.get(o.id) ?? 0), 0));
  const dirty = options.some((o) => (shares.get(o.id) ?? 0) !== (stored.get(o.id) ?? 0));
  const refresh = () =>
    Promise.all([mutate(urls.feature(projectId, feature.id)), mutate(featureStatesKey(environmentKey))]);

  const setShare = (option: number, requested: number) => {
    const others = options.reduce((sum, o) => sum + (o.id === option ? 0 : (shares.get(o.id) ?? 0)), 0);
    const clamped = round(Math.max(0, Math.min(requested, 100 - others)));
    setShares(new Map(shares).set(option, clamped));
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.patch(urls.featureState(environmentKey, state.id), {
        multivariate_feature_state_values: options.map((o) => ({
          multivariate_feature_option: o.id,
          percentage_allocation: shares.get(o.id) ?? 0,
        })),
      });
      await mutate(featureStatesKey(environmentKey));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Variations"
      description="Split identities between values for experiments. Identities keep their variation: the split is hashed on their identifier."
      actions={<Button onClick={() => setAdding(true)}>Add variation</Button>}
    >
      <Card className="p-4">
        {options.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No variations: every identity gets the value above. Add one to run an A/B test.
          </p>
        ) : (
          <div className="space-y-4">
            <div className="flex h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
              {options.map((o, i) => (
                <div
                  key={o.id}
                  style={{ width: `${shares.get(o.id) ?? 0}%` }}
                  className={
                    ["bg-indigo-500", "bg-emerald-500", "bg-amber-500", "bg-sky-500", "bg-rose-500"][i % 5]
                  }
                />
              ))}
            </div>
            <ul aria-label="Variations" className="space-y-3">
              {options.map((option) => (
                <AllocationRow
                  key={option.id}
                  option={option}
                  share={shares.get(option.id) ?? 0}
                  onChange={(v) => setShare(option.id, v)}
                  onRemove={() => setRemoving(option)}
                >
                  <InlineIds record={option} />
                </AllocationRow>
              ))}
              <li className="flex items-center justify-between gap-3 border-t border-zinc-100 pt-3 text-sm dark:border-zinc-800">
                <span>
                  Control <FeatureValue value={state.feature_state_value} />
                </span>
                <span className="font-mono tabular-nums" data-testid="control-share">
                  {round(100 - total)}%
                </span>
              </li>
            </ul>
            <ErrorMessage message={error} />
            <div className="flex items-center gap-3">
              <Button
                variant="primary"
                size="sm"
                busy={busy}
                disabled={!dirty || total > 100}
                onClick={() => void save()}
              >
                Save split
              </Button>
              {dirty && (
                <Button size="sm" variant="ghost" onClick={() => setShares(stored)}>
                  Reset
                </Button>
              )}
              <span className="text-xs text-zinc-500">Total to variations: {total}% (at most 100%)</span>
            </div>
          </div>
        )}
      </Card>
      <AddVariationDialog
        open={adding}
        projectId={projectId}
        featureId={feature.id}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this variation?"
        message={
          <>
            Identities on <FeatureValue value={removing ? valueFromObject(removing) : null} /> move to other
            values, in every environment.
          </>
        }
        confirmLabel="Remove variation"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await api.delete(urls.mvOption(projectId, feature.id, removing!.id));
          await refresh();
        }}
      />
    </Section>
  );
}
