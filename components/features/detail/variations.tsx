"use client";
// Multivariate options and their share of identities in this environment. What is left of
// 100% goes to the control value. Nothing typed is changed behind the person's back: a share
// outside 0–100 or a total over 100% is shown as an error, and the split cannot be saved.
import { useEffect, useMemo, useState } from "react";
import { mutate } from "swr";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { InlineIds } from "@/components/ui/json-view";
import { useToast } from "@/components/ui/toast";
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

const toTexts = (shares: Map<number, number>) => new Map([...shares].map(([id, n]) => [id, String(n)]));

type Share = { ok: true; value: number } | { ok: false; error: string };
function parseShare(text: string): Share {
  const trimmed = text.trim();
  const n = Number(trimmed);
  if (trimmed === "" || !Number.isFinite(n)) return { ok: false, error: "Enter a number from 0 to 100." };
  if (n < 0 || n > 100) return { ok: false, error: `${trimmed}% is outside 0–100%.` };
  return { ok: true, value: round(n) };
}

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
  const [texts, setTexts] = useState<Map<number, string>>(() => toTexts(stored));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MultivariateOption | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setTexts(toTexts(stored)), [stored]);

  const shares = new Map(options.map((o) => [o.id, parseShare(texts.get(o.id) ?? "0")]));
  const rowErrors = new Map(
    options.flatMap((o) => {
      const share = shares.get(o.id)!;
      return share.ok ? [] : [[o.id, share.error] as const];
    }),
  );
  const shareOf = (id: number) => {
    const share = shares.get(id);
    return share?.ok ? share.value : 0;
  };
  const total = round(options.reduce((sum, o) => sum + shareOf(o.id), 0));
  const over = round(total - 100);
  const invalid = rowErrors.size > 0 || over > 0;
  const dirty = options.some((o) => (texts.get(o.id) ?? "0") !== String(stored.get(o.id) ?? 0));
  const refresh = () =>
    Promise.all([mutate(urls.feature(projectId, feature.id)), mutate(featureStatesKey(environmentKey))]);

  const setShare = (option: number, text: string) => setTexts(new Map(texts).set(option, text));

  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  const save = async () => {
    const asked = await confirmChange(
      (env) => (
        <>
          Change the split of <Name>{feature.name}</Name> in {env}?
        </>
      ),
      "Save split",
    );
    if (!asked) return;
    setBusy(true);
    setError(null);
    try {
      await api.patch(urls.featureState(environmentKey, state.id), {
        multivariate_feature_state_values: options.map((o) => ({
          multivariate_feature_option: o.id,
          percentage_allocation: shareOf(o.id),
        })),
      });
      await mutate(featureStatesKey(environmentKey));
      toast({ message: `Saved the split: control gets ${round(100 - total)}%.` });
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
                  style={{ width: `${Math.min(shareOf(o.id), 100)}%` }}
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
                  text={texts.get(option.id) ?? "0"}
                  share={shareOf(option.id)}
                  error={rowErrors.get(option.id) ?? null}
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
                  {Math.max(0, round(100 - total))}%
                </span>
              </li>
            </ul>
            <p
              data-testid="variations-total"
              className={
                over > 0
                  ? "text-sm font-medium text-red-700 dark:text-red-400"
                  : "text-sm text-zinc-600 dark:text-zinc-400"
              }
              role={over > 0 ? "alert" : undefined}
            >
              {over > 0
                ? `Variations add up to ${total}%, ${over}% more than 100%. Lower a share: nothing is saved until the total is 100% or less.`
                : `Variations: ${total}% in total, control: ${round(100 - total)}%.`}
            </p>
            <ErrorMessage message={error} />
            <div className="flex items-center gap-3">
              <Button
                variant="primary"
                size="sm"
                busy={busy}
                disabled={!dirty || invalid}
                onClick={() => void save()}
              >
                Save split
              </Button>
              {dirty && (
                <Button size="sm" variant="ghost" onClick={() => setTexts(toTexts(stored))}>
                  Reset
                </Button>
              )}
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
          toast({ message: "Removed the variation." });
        }}
      />
    </Section>
  );
}
