"use client";
// Create or edit a segment: its name, its rules in the visual builder, and the JSON the
// API will receive, side by side. Where the project requires approvals, saving an existing
// segment becomes "Request change" (a project change request) instead of a write.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { mutate } from "swr";
import {
  RequestSegmentChangeDialog,
  type RequestedSegment,
} from "@/components/change-requests/request-segment-change-dialog";
import { gate, useProjectPermissions } from "@/components/permissions/use-permissions";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/common/load-error";
import { ErrorMessage } from "@/components/ui/error-message";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useUnsavedChanges } from "@/components/ui/unsaved-changes";
import { JsonView } from "@/components/ui/json-view";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { ApiError, errorMessage, fieldErrors } from "@/lib/dashboard/fetcher";
import { useApi, useProject, useSegment } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { newGroup, type GroupNode } from "@/lib/dashboard/segment-rules";
import { apiConditionErrors, compileTree, draftIsValid, fromApiRules } from "@/lib/dashboard/segment-tree";
import type { Segment, TraitKeys } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { TRAIT_KEY_SUGGESTIONS } from "./rule-builder/condition-row";
import { RuleBuilder } from "./rule-builder/rule-builder";
import { RulesPreview } from "./rule-builder/rules-preview";

type SegmentEditorProps = { projectId: number; environmentKey: string; segmentId: number | null };

export function SegmentEditor({ projectId, environmentKey, segmentId }: SegmentEditorProps) {
  const [suggestKeys, setSuggestKeys] = useState(false);
  const { data: traitKeys } = useApi<TraitKeys>(suggestKeys ? urls.traitKeys(environmentKey) : null);
  const router = useRouter();
  const { data: segment, error: loadError } = useSegment(projectId, segmentId);
  const permissions = useProjectPermissions(projectId);
  const { data: project } = useProject(projectId);
  const minimumApprovals = project?.minimum_change_request_approvals;
  // Only changes of existing segments need approval; creating one stays direct, as in the API.
  const requiresReview = segmentId !== null && minimumApprovals !== null && minimumApprovals !== undefined;
  const [requested, setRequested] = useState<RequestedSegment | null>(null);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [groups, setGroups] = useState<GroupNode[]>(() => (segmentId ? [] : [newGroup()]));
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Where each condition was in the body that was refused, to put the API's errors on it.
  const [errorPaths, setErrorPaths] = useState(new Map<string, string>());
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  // Edited since loaded (or since the empty form of a new segment), and not yet saved.
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched);

  useEffect(() => {
    if (segment && segment.id !== loadedId) {
      const draft = fromApiRules(segment.rules);
      setName(segment.name);
      setDescription(segment.description ?? "");
      setGroups(draft.length ? draft : [newGroup()]);
      setLoadedId(segment.id);
    }
  }, [segment, loadedId]);

  const compiled = useMemo(() => compileTree(groups), [groups]);
  const body = useMemo(
    () => ({
      name: name.trim(),
      description: description.trim() || null,
      project: projectId,
      feature: segment?.feature ?? null,
      rules: compiled.rules,
    }),
    [name, description, projectId, segment?.feature, compiled],
  );
  const apiErrors = useMemo(
    () =>
      error instanceof ApiError
        ? apiConditionErrors(error.body, errorPaths)
        : new Map<string, Record<string, string>>(),
    [error, errorPaths],
  );
  const fields = fieldErrors(error);
  const nameError = fields.name ?? (showErrors && !name.trim() ? "Enter a name." : undefined);
  const otherError = error && !fields.name && apiErrors.size === 0 ? errorMessage(error) : null;

  const manage = gate(
    permissions,
    requiresReview ? "CREATE_PROJECT_LEVEL_CHANGE_REQUESTS" : "MANAGE_SEGMENTS",
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!name.trim() || !draftIsValid(groups)) return;
    if (requiresReview && segmentId) {
      setError(null);
      setRequested({ id: segmentId, name: body.name, description: body.description, rules: body.rules });
      return;
    }
    setBusy(true);
    setError(null);
    setErrorPaths(compiled.paths);
    try {
      if (segmentId) await api.patch<Segment>(urls.segment(projectId, segmentId), body);
      else await api.post<Segment>(urls.segmentsCreate(projectId), body);
      await Promise.all([
        mutate(urls.segments(projectId)),
        segmentId ? mutate(urls.segment(projectId, segmentId)) : null,
      ]);
      setTouched(false);
      toast({ message: segmentId ? `Saved the segment ${body.name}.` : `Created the segment ${body.name}.` });
      router.push(paths.segments(projectId, environmentKey));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  if (loadError)
    return (
      <LoadError
        error={loadError}
        what="segment"
        back={[{ href: paths.segments(projectId, environmentKey), label: "Back to segments" }]}
      />
    );
  const loading = segmentId !== null && loadedId !== segmentId;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <PageHeader
          title={segmentId ? (segment?.name ?? "Segment") : "New segment"}
          back={{ href: paths.segments(projectId, environmentKey), label: "Segments" }}
          description="Identities whose traits match every group belong to the segment. Segments are shared by all environments of the project."
          actions={
            <>
              <ButtonLink href={paths.segments(projectId, environmentKey)}>Cancel</ButtonLink>
              <Button type="submit" variant="primary" busy={busy} {...manage}>
                {requiresReview ? "Request change" : segmentId ? "Save segment" : "Create segment"}
              </Button>
            </>
          }
        />
        {permissions.loaded && manage.title && (
          <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="permission-note">
            {manage.title}
          </p>
        )}
        {requiresReview && (
          <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="review-note">
            Changes to this project&apos;s segments need {minimumApprovals} approval
            {minimumApprovals === 1 ? "" : "s"}: saving opens a change request.
          </p>
        )}
        {segment && <JsonView record={segment} label="Segment JSON" />}
        {loading ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="space-y-5">
              <Card className="space-y-4 p-4">
                <TextField
                  label="Name"
                  value={name}
                  onChange={(e) => {
                    setTouched(true);
                    setName(e.target.value);
                  }}
                  error={nameError}
                  placeholder="Beta testers"
                  autoFocus={!segmentId}
                />
                <TextAreaField
                  label="Description"
                  rows={2}
                  value={description}
                  onChange={(e) => {
                    setTouched(true);
                    setDescription(e.target.value);
                  }}
                  placeholder="Who is in it and why"
                />
              </Card>
              {showErrors && !draftIsValid(groups) && (
                <ErrorMessage message="Fix the highlighted conditions first." />
              )}
              <ErrorMessage message={otherError} />
              {/* Trait keys are suggested once a trait field is first focused (not on load). */}
              <div
                onFocusCapture={(e) =>
                  e.target.getAttribute("aria-label") === "Trait" && setSuggestKeys(true)
                }
              >
                <RuleBuilder
                  groups={groups}
                  onChange={(next) => {
                    setTouched(true);
                    setGroups(next);
                  }}
                  showErrors={showErrors}
                  problems={compiled.problems}
                  apiErrors={apiErrors}
                />
                <datalist id={TRAIT_KEY_SUGGESTIONS}>
                  {traitKeys?.keys.map((key) => (
                    <option key={key} value={key} />
                  ))}
                </datalist>
              </div>
            </div>
            <div className="xl:sticky xl:top-20 xl:self-start">
              <RulesPreview body={body} groups={groups} />
            </div>
          </div>
        )}
      </form>
      {requested && project && (
        <RequestSegmentChangeDialog
          onClose={() => setRequested(null)}
          onCreated={() => setTouched(false)}
          projectId={projectId}
          projectName={project.name}
          organisationId={project.organisation}
          minimumApprovals={minimumApprovals ?? 1}
          segment={requested}
        />
      )}
    </>
  );
}
