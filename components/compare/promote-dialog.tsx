"use client";
// The review step of a promotion: every part that differs in the chosen features, each with a
// checkbox (all chosen at first), and a confirmation when the target is protected. Applies the
// chosen parts in one request (POST /promotions/), which writes them in one transaction.
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox } from "@/components/ui/field";
import { ListSkeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import {
  describePart,
  partKey,
  promotionUrls,
  type PromotionPart,
  type PromotionPreview,
} from "@/lib/dashboard/promotion";
import type { Environment, Feature } from "@/lib/dashboard/types";

export type PromoteRequest = {
  projectId: number;
  source: Environment;
  target: Environment;
  features: Feature[];
};

export function PromoteDialog({
  request,
  onClose,
  onPromoted,
}: {
  request: PromoteRequest | null;
  onClose: () => void;
  onPromoted: (request: PromoteRequest, count: number) => Promise<void>;
}) {
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setPreview(null);
    setConfirmed(false);
    setError(null);
    if (!request) return;
    let live = true;
    api
      .post<PromotionPreview>(promotionUrls.preview(request.projectId), {
        source_environment: request.source.id,
        target_environment: request.target.id,
        features: request.features.map((f) => f.id),
      })
      .then((answer) => {
        if (!live) return;
        setPreview(answer);
        setChosen(new Set(answer.features.flatMap((f) => f.parts.map(partKey))));
      })
      .catch((e) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [request]);

  const parts: PromotionPart[] = useMemo(
    () => (preview?.features ?? []).flatMap((f) => f.parts).filter((p) => chosen.has(partKey(p))),
    [preview, chosen],
  );
  if (!request)
    return (
      <Dialog open={false} title="" onClose={onClose}>
        {null}
      </Dialog>
    );
  const { source, target } = request;
  const isProtected = preview?.target_is_protected ?? target.is_protected;
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setChosen(next);
  };

  const submit = async () => {
    if (!parts.length || (isProtected && !confirmed)) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(promotionUrls.apply(request.projectId), {
        source_environment: source.id,
        target_environment: target.id,
        parts,
        ...(isProtected ? { confirm_protected: true } : {}),
      });
      await onPromoted(request, parts.length);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const differing = preview?.features.filter((f) => f.parts.length) ?? [];
  return (
    <Dialog
      open
      wide
      title={`Promote ${request.features.length === 1 ? `“${request.features[0].name}”` : `${request.features.length} features`} from ${source.name} to ${target.name}`}
      description={`${target.name} will serve what ${source.name} does for the parts you keep checked: on/off, value, variation weights and segment overrides. One change per feature, recorded in the audit log and history; restore a version to undo it.`}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            disabled={!parts.length || (isProtected && !confirmed)}
          >
            Promote {parts.length} change{parts.length === 1 ? "" : "s"}
          </Button>
        </>
      }
    >
      {!preview && !error && <ListSkeleton rows={3} />}
      {preview && differing.length === 0 && (
        <p className="text-sm">
          Nothing differs: {target.name} already serves what {source.name} does.
        </p>
      )}
      {differing.map((feature) => {
        const meta = request.features.find((f) => f.id === feature.id);
        return (
          <fieldset
            key={feature.id}
            className="space-y-2"
            data-testid="promotion-feature"
            data-feature={feature.name}
          >
            <legend className="font-mono text-sm font-semibold break-all">{feature.name}</legend>
            {feature.parts.map((part) => {
              const key = partKey(part);
              const { label, change } = describePart(feature, part, meta);
              return (
                <Checkbox
                  key={key}
                  label={label}
                  hint={<span className="break-all">{change}</span>}
                  checked={chosen.has(key)}
                  onChange={(e) => toggle(key, e.target.checked)}
                />
              );
            })}
          </fieldset>
        );
      })}
      {preview && isProtected && differing.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40">
          <Checkbox
            label={`${target.name} is protected: I confirm these changes to ${target.name}.`}
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
        </div>
      )}
      <ErrorMessage message={error} />
    </Dialog>
  );
}
