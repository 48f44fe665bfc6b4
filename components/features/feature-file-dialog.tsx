"use client";
// Flagsmith's feature export and import for one environment: export its features to a file
// (with Ensign's extension: tags, owners, segment overrides) and download it; import such a
// file, either skipping the features the project has or overwriting them here.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { SelectField } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { urls } from "@/lib/dashboard/urls";

type Strategy = "SKIP" | "OVERWRITE_DESTRUCTIVE";
type ExportRecord = { id: number; name: string };

export function FeatureFileDialog({
  open,
  environmentId,
  environmentName,
  canExport,
  canImport,
  onClose,
  onImported,
}: {
  open: boolean;
  environmentId: number;
  environmentName: string;
  canExport: boolean;
  canImport: boolean;
  onClose: () => void;
  onImported: () => Promise<void>;
}) {
  const [exported, setExported] = useState<ExportRecord | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [strategy, setStrategy] = useState<Strategy>("SKIP");
  const [busy, setBusy] = useState<"export" | "import" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const runExport = async () => {
    setBusy("export");
    setError(null);
    try {
      setExported(
        await api.post<ExportRecord>(urls.createFeatureExport(), {
          environment_id: environmentId,
          tag_ids: [],
        }),
      );
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file) return setError("Choose a feature export file first.");
    setBusy("import");
    setError(null);
    setDone(null);
    const form = new FormData();
    form.set("file", file);
    form.set("strategy", strategy);
    try {
      await api.upload(urls.featureImport(environmentId), form);
      await onImported();
      setDone(`Imported ${file.name} into ${environmentName}.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={open}
      title="Export or import features"
      description="Flagsmith's feature file: Flagsmith and Ensign both read it."
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <section aria-labelledby="feature-export-heading" className="space-y-2">
        <h3 id="feature-export-heading" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Export
        </h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every feature of the project with its state in {environmentName}, its tags, owners and segment
          overrides.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => void runExport()}
            busy={busy === "export"}
            disabled={!canExport}
            title={canExport ? undefined : "Needs admin of this environment"}
          >
            Export features
          </Button>
          {exported && (
            <a
              className="text-sm font-medium text-violet-700 underline dark:text-violet-300"
              href={urls.downloadFeatureExport(exported.id)}
              download={`feature_export.${exported.id}.json`}
            >
              Download {exported.name}
            </a>
          )}
        </div>
      </section>
      <section
        aria-labelledby="feature-import-heading"
        className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      >
        <h3 id="feature-import-heading" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Import
        </h3>
        <div className="space-y-1">
          <label
            htmlFor="feature-import-file"
            className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
          >
            Feature export file
          </label>
          <input
            id="feature-import-file"
            type="file"
            accept="application/json,.json"
            className="block w-full text-sm text-zinc-700 dark:text-zinc-300"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <SelectField
          label="Features the project already has"
          value={strategy}
          onChange={(e) => setStrategy(e.target.value as Strategy)}
        >
          <option value="SKIP">Skip them</option>
          <option value="OVERWRITE_DESTRUCTIVE">Overwrite them here (removes their overrides here)</option>
        </SelectField>
        <Button
          variant="primary"
          onClick={() => void runImport()}
          busy={busy === "import"}
          disabled={!canImport}
          title={canImport ? undefined : "Needs admin of the organisation"}
        >
          Import file
        </Button>
        {done && (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {done}
          </p>
        )}
      </section>
      <ErrorMessage message={error} />
    </Dialog>
  );
}
