"use client";
// Import from Flagsmith: the source form (URL, organisation API key, optional source
// organisation, identities mode), the running import's progress (polled from GET
// flagsmith-import/), its report (./flagsmith-import-report.tsx) and a
// verification against the source with its differences. Organisation admins only.
import { useState } from "react";
import { mutate } from "swr";
import { LoadError } from "@/components/common/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FlagsmithDumpCard } from "@/components/organisations/flagsmith-dump-card";
import { ImportReportView } from "@/components/organisations/flagsmith-import-report";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, SelectField, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { useApi, useOrganisation } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { urls } from "@/lib/dashboard/urls";

type RunStatus = "RUNNING" | "DONE" | "FAILED" | "INTERRUPTED";
type ImportRun = {
  id: number;
  kind: "IMPORT" | "VERIFY";
  source: string;
  status: RunStatus;
  steps_done: number;
  steps_total: number;
  report: Record<string, unknown>;
  error: string | null;
  created_at: string;
  updated_at: string;
};
type ImportStatus = { import: ImportRun | null; verify: ImportRun | null };
type Difference = {
  environment: string;
  identity: string | null;
  flag: string;
  expected: unknown;
  got: unknown;
  why: string;
};
type VerifyReport = {
  environments?: number;
  identities?: number;
  sampled?: number;
  differences?: Difference[];
};

const statusTone = { RUNNING: "indigo", DONE: "green", FAILED: "red", INTERRUPTED: "amber" } as const;
const statusLabel = { RUNNING: "Running", DONE: "Done", FAILED: "Failed", INTERRUPTED: "Interrupted" };
const show = (value: unknown) => (value === undefined ? "—" : JSON.stringify(value));

function Progress({ run, label }: { run: ImportRun; label: string }) {
  const total = run.steps_total;
  const percent = total > 0 ? Math.round((run.steps_done / total) * 100) : 0;
  return (
    <div className="space-y-1">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {total > 0 ? `${run.steps_done} of ${total} steps done` : "Planning…"}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={total > 0 ? run.steps_done : 0}
        aria-valuetext={total > 0 ? `${run.steps_done} of ${total} steps` : "Planning"}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full bg-indigo-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function RunHeader({ run }: { run: ImportRun }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <Badge tone={statusTone[run.status]}>{statusLabel[run.status]}</Badge>
      <span className="break-all">{run.source}</span>
      <span>· started {new Date(run.created_at).toLocaleString()}</span>
    </div>
  );
}

function VerifyView({ run }: { run: ImportRun }) {
  const report = run.report as VerifyReport;
  const differences = report.differences ?? [];
  if (run.status !== "DONE") return null;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-zinc-700 dark:text-zinc-300">
        Compared {report.environments ?? 0} environments, {report.identities ?? 0} identities and{" "}
        {report.sampled ?? 0} sampled identities.
      </p>
      {differences.length === 0 ? (
        <p className="font-medium text-emerald-700 dark:text-emerald-300">No differences.</p>
      ) : (
        <>
          <p className="font-medium text-red-700 dark:text-red-300">
            {differences.length} difference{differences.length === 1 ? "" : "s"}
          </p>
          <ul aria-label="Differences" className="space-y-2">
            {differences.map((d, i) => (
              <li key={i} className="rounded-md border border-zinc-200 p-2 break-words dark:border-zinc-800">
                <span className="font-medium">{d.flag}</span> in {d.environment}
                {d.identity ? ` for ${d.identity}` : ""}: {d.why} (Flagsmith {show(d.expected)}, Ensign{" "}
                {show(d.got)})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function FlagsmithImportPage({ organisationId }: { organisationId: number }) {
  const { data: org, error: orgError } = useOrganisation(organisationId);
  const isAdmin = org?.role === "ADMIN";
  const statusUrl = urls.flagsmithImport(organisationId);
  const { data: status, error: statusError } = useApi<ImportStatus>(isAdmin ? statusUrl : null, {
    refreshInterval: (latest) =>
      latest?.import?.status === "RUNNING" || latest?.verify?.status === "RUNNING" ? 1000 : 0,
  });
  const [url, setUrl] = useState("https://api.flagsmith.com");
  const [apiKey, setApiKey] = useState("");
  const [sourceOrg, setSourceOrg] = useState("");
  const [identities, setIdentities] = useState<"auto" | "core" | "edge">("auto");
  const [prune, setPrune] = useState(false);
  const [busy, setBusy] = useState<"import" | "verify" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (orgError)
    return (
      <LoadError
        error={orgError}
        what="organisation"
        back={[{ href: paths.organisations, label: "Back to organisations" }]}
      />
    );

  const source = () => {
    const fields: Record<string, string> = {};
    if (!url.trim()) fields.url = "Enter the source URL.";
    if (!apiKey.trim()) fields.api_key = "Enter an organisation API key of the source.";
    if (sourceOrg.trim() && !/^[1-9]\d{0,9}$/.test(sourceOrg.trim()))
      fields.organisation = "Enter a whole number, or leave empty.";
    setErrors(fields);
    if (Object.keys(fields).length > 0) return null;
    return {
      url: url.trim(),
      api_key: apiKey.trim(),
      ...(sourceOrg.trim() ? { organisation: Number(sourceOrg.trim()) } : {}),
    };
  };
  const start = async (kind: "import" | "verify") => {
    const body = source();
    if (!body) return;
    setBusy(kind);
    setError(null);
    try {
      if (kind === "import") await api.post(statusUrl, { ...body, identities, ...(prune ? { prune } : {}) });
      else await api.post(urls.flagsmithVerify(organisationId), body);
      await mutate(statusUrl);
    } catch (e) {
      const fields = fieldErrors(e);
      const known = ["url", "api_key", "organisation"].filter((f) => fields[f]);
      if (known.length > 0) setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
      else setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const run = status?.import ?? null;
  const verify = status?.verify ?? null;
  const importing = run?.status === "RUNNING";
  const verifying = verify?.status === "RUNNING";

  return (
    <div className="space-y-8">
      <PageHeader
        title="Import from Flagsmith"
        back={{ href: paths.organisation(organisationId), label: org?.name ?? "Organisation" }}
      />
      {org && !isAdmin && (
        <EmptyState title="Organisation admins only">
          Only admins of {org.name} can import into it from Flagsmith.
        </EmptyState>
      )}
      {isAdmin && (
        <>
          <Section
            title="Source"
            description="Copies projects, environments (keeping their client-side keys), features, segments, overrides and identities from a Flagsmith organisation into this one. Running it again updates what it copied; an interrupted import resumes."
          >
            <Card className="p-4">
              <form
                aria-label="Flagsmith source"
                className="space-y-4"
                onSubmit={(e) => {
                  e.preventDefault();
                  void start("import");
                }}
              >
                <TextField
                  label="Source URL"
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  error={errors.url}
                  hint="The base URL of the Flagsmith API."
                  maxLength={500}
                  required
                />
                <TextField
                  label="Organisation API key"
                  type="password"
                  autoComplete="off"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.target.value)}
                  error={errors.api_key}
                  hint="An organisation API key of the source. It is used for this run only and never stored."
                  maxLength={500}
                  required
                />
                <TextField
                  label="Source organisation id (optional)"
                  inputMode="numeric"
                  value={sourceOrg}
                  onChange={(e) => setSourceOrg(e.target.value)}
                  error={errors.organisation}
                  hint="Needed only when the key sees several organisations."
                  maxLength={10}
                />
                <SelectField
                  label="Identities"
                  value={identities}
                  onChange={(e) => setIdentities(e.target.value as "auto" | "core" | "edge")}
                  hint="Which identity API of the source to read."
                >
                  <option value="auto">Detect (auto)</option>
                  <option value="core">Core API</option>
                  <option value="edge">Edge API</option>
                </SelectField>
                <Checkbox
                  label="Delete what the source no longer has"
                  hint="Features, segments, segment overrides, variations, tags and identities an earlier import copied and that are gone at the source. Without it they are only listed. Objects made in Ensign are never deleted."
                  checked={prune}
                  onChange={(e) => setPrune(e.target.checked)}
                />
                <ErrorMessage message={error} />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="primary" busy={busy === "import"} disabled={importing}>
                    Start import
                  </Button>
                  <Button
                    onClick={() => void start("verify")}
                    busy={busy === "verify"}
                    disabled={importing || verifying}
                  >
                    Verify
                  </Button>
                </div>
              </form>
            </Card>
          </Section>
          <Section
            title="Dump file"
            description="Self-hosted Flagsmith can write its organisation to a file; import that file here, or download this organisation in the same format to go back."
          >
            <FlagsmithDumpCard organisationId={organisationId} onImported={() => mutate(statusUrl)} />
          </Section>
          <ErrorMessage error={statusError} />
          <Section title="Import" description="The latest import into this organisation.">
            <Card className="space-y-4 p-4">
              {!status && !statusError && (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
              )}
              {status && !run && (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No import has run yet.</p>
              )}
              {run && (
                <>
                  <RunHeader run={run} />
                  <Progress run={run} label="Import progress" />
                  {run.error && <ErrorMessage message={run.error} />}
                  {run.status === "INTERRUPTED" && (
                    <p className="text-sm text-zinc-700 dark:text-zinc-300">
                      Start the import again to resume where it stopped.
                    </p>
                  )}
                  <ImportReportView report={run.report} />
                </>
              )}
            </Card>
          </Section>
          <Section
            title="Verification"
            description="Compares the flags of every imported environment and identity at the source with Ensign's."
          >
            <Card className="space-y-4 p-4">
              {status && !verify && (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No verification has run yet.</p>
              )}
              {verify && (
                <>
                  <RunHeader run={verify} />
                  {verifying && <p className="text-sm text-zinc-700 dark:text-zinc-300">Comparing…</p>}
                  {verify.error && <ErrorMessage message={verify.error} />}
                  <VerifyView run={verify} />
                </>
              )}
            </Card>
          </Section>
        </>
      )}
    </div>
  );
}
