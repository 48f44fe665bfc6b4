"use client";
// The organisation dump: import the file Flagsmith's `dumporganisationtolocalfs` writes (the
// report then shows as the latest import), and download this organisation in that format.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { urls } from "@/lib/dashboard/urls";

export function FlagsmithDumpCard({
  organisationId,
  onImported,
}: {
  organisationId: number;
  onImported: () => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const upload = async () => {
    if (!file) return setError("Choose a dump file first.");
    setBusy(true);
    setError(null);
    setDone(null);
    const form = new FormData();
    form.set("file", file);
    try {
      await api.upload(urls.flagsmithDumpImport(organisationId), form);
      await onImported();
      setDone(`Imported ${file.name}. The report is under Import below.`);
    } catch (e) {
      setError(fieldErrors(e).file ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="space-y-4 p-4">
      <div className="space-y-1">
        <label
          htmlFor="flagsmith-dump-file"
          className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          Organisation dump file
        </label>
        <input
          id="flagsmith-dump-file"
          type="file"
          accept="application/json,.json"
          aria-describedby="flagsmith-dump-hint"
          className="block w-full text-sm text-zinc-700 dark:text-zinc-300"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p id="flagsmith-dump-hint" className="text-sm text-zinc-600 dark:text-zinc-400">
          The JSON written by <code>python manage.py dumporganisationtolocalfs</code>, up to 1 MB here (larger
          files: <code>npm run import:flagsmith -- --dump</code>). A bad file writes nothing.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={() => void upload()} busy={busy}>
          Import dump
        </Button>
        <a
          className="text-sm font-medium text-violet-700 underline dark:text-violet-300"
          href={urls.flagsmithExport(organisationId)}
          download={`organisation-${organisationId}.json`}
        >
          Download this organisation as a dump
        </a>
      </div>
      {done && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {done}
        </p>
      )}
      <ErrorMessage message={error} />
    </Card>
  );
}
