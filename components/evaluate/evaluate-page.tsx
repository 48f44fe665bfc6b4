"use client";
// "Why this value": type an identifier and traits, see each flag as an SDK would get it and
// the reason, from POST /api/v1/environments/{key}/evaluate/.
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Field, inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ListSkeleton } from "@/components/ui/skeleton";
import { parseTraitLines, useEvaluation, type EvaluateRequest } from "@/lib/dashboard/evaluate";
import { EvaluatedFlag } from "./evaluated-flag";

export function EvaluatePage({ environmentKey }: { projectId: number; environmentKey: string }) {
  const [identifier, setIdentifier] = useState("");
  const [traitText, setTraitText] = useState("");
  const [useStored, setUseStored] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [request, setRequest] = useState<EvaluateRequest | null>(null);
  const { data, error, isLoading } = useEvaluation(environmentKey, request);
  const segments = useMemo(() => new Map((data?.segments ?? []).map((s) => [s.id, s])), [data]);
  const flags = useMemo(
    () => (data?.flags ?? []).slice().sort((a, b) => a.feature.name.localeCompare(b.feature.name)),
    [data],
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { traits, error: traitError } = parseTraitLines(traitText);
    if (!identifier.trim()) return setFormError("Type an identifier.");
    if (traitError) return setFormError(traitError);
    setFormError(null);
    setRequest({ identifier: identifier.trim(), traits, use_stored_traits: useStored });
  };

  return (
    <>
      <PageHeader
        title="Evaluate"
        description="See each flag as an SDK would get it for an identifier and traits, and why."
      />
      <Card className="mb-6 p-4">
        <form onSubmit={submit} className="space-y-4" aria-label="Evaluate flags">
          <Field label="Identifier">
            {(id) => (
              <input
                id={id}
                className={inputClass}
                value={identifier}
                placeholder="user-42"
                onChange={(e) => setIdentifier(e.target.value)}
              />
            )}
          </Field>
          <Field label="Traits" hint="One per line, key=value. Numbers and true/false keep their type.">
            {(id, describedBy) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono`}
                rows={4}
                value={traitText}
                placeholder={"plan=gold\nage=31"}
                onChange={(e) => setTraitText(e.target.value)}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={useStored} onChange={(e) => setUseStored(e.target.checked)} />
            Start from the identity&apos;s stored traits
          </label>
          <ErrorMessage message={formError} />
          <Button type="submit" variant="primary">
            Evaluate
          </Button>
        </form>
      </Card>
      <ErrorMessage error={error} />
      {isLoading && (
        <Card>
          <ListSkeleton rows={3} />
        </Card>
      )}
      {data && (
        <Card>
          <p className="border-b border-zinc-200 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            {data.identity_id === null ? "Not a stored identity" : `Stored identity #${data.identity_id}`} ·
            traits:{" "}
            {data.traits.length === 0
              ? "none"
              : data.traits
                  .map((t) => `${t.trait_key}=${JSON.stringify(t.trait_value)} (${t.source})`)
                  .join(", ")}
          </p>
          <ul aria-label="Evaluated flags" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {flags.map((flag) => (
              <EvaluatedFlag key={flag.feature.id} flag={flag} segments={segments} />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
