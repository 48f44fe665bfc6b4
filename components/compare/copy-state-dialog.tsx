"use client";
import { useEffect, useState } from "react";
import { FeatureValue } from "@/components/features/feature-value";
import { ChangeTable } from "@/components/ui/change-table";
import { diffCells } from "@/components/ui/json-diff";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { SelectField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { copyStateBody, type CompareRow } from "@/lib/dashboard/compare";
import { isStructured } from "@/lib/dashboard/json-diff";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { Environment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export type CopyRequest = { row: CompareRow; environments: Environment[] };

/**
 * Copies one feature's default state (enabled, value, variant shares) from one environment to
 * another through the public API, after confirmation. Segment overrides stay as they are.
 */
export function CopyStateDialog({
  request,
  onClose,
  onCopied,
}: {
  request: CopyRequest | null;
  onClose: () => void;
  onCopied: (row: CompareRow, to: Environment) => Promise<void>;
}) {
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setFrom(0);
    setTo(1);
    setError(null);
  }, [request]);
  if (!request)
    return (
      <Dialog open={false} title="" onClose={onClose}>
        {null}
      </Dialog>
    );
  const { row, environments } = request;
  const source = row.cells[from]?.state;
  const target = row.cells[to]?.state;

  const submit = async () => {
    if (!source || !target || from === to) return;
    setBusy(true);
    setError(null);
    try {
      await api.patch(urls.featureState(environments[to].api_key, target.id), copyStateBody(source));
      await onCopied(row, environments[to]);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={`Copy “${row.name}”`}
      description="The target environment serves what the source does: on/off, value and variant shares. Segment overrides are not copied. The change is recorded in the audit log."
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={from === to || !source || !target}>
            Copy state
          </Button>
        </>
      }
    >
      <SelectField label="From" value={from} onChange={(e) => setFrom(Number(e.target.value))}>
        {environments.map((env, i) => (
          <option key={env.id} value={i}>
            {env.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="To" value={to} onChange={(e) => setTo(Number(e.target.value))}>
        {environments.map((env, i) => (
          <option key={env.id} value={i}>
            {env.name}
          </option>
        ))}
      </SelectField>
      {source && target && from !== to && (
        <p className="text-sm" data-testid="copy-preview">
          {environments[to].name}: {target.enabled ? "On" : "Off"}{" "}
          <FeatureValue value={target.feature_state_value} /> → {source.enabled ? "On" : "Off"}{" "}
          <FeatureValue value={source.feature_state_value} />
        </p>
      )}
      {source &&
        target &&
        from !== to &&
        (isStructured(source.feature_state_value) || isStructured(target.feature_state_value)) && (
          <ChangeTable
            label="Value differences"
            rows={[
              {
                key: "value",
                field: `Value in ${environments[to].name}`,
                ...diffCells(target.feature_state_value, source.feature_state_value),
              },
            ]}
          />
        )}
      {from === to && (
        <p className="text-sm text-amber-700 dark:text-amber-300">Choose two different environments.</p>
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}
