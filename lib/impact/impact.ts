// Blast radius of a proposed change: the environment's live SDK document and the same
// document with the change applied, evaluated side by side over the stored identities (in
// batches, capped like the segment identity count), counted by how each identity's flags change.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import type { EngineFeatureState, EngineRule, EngineSegment, EnvironmentDocument } from "@/lib/engine";
import { LIMITS } from "@/lib/limits/limits";
import { requireEnvironment } from "@/lib/organisations/access";
import { getSnapshot } from "@/lib/sdk/cache";
import { buildRule } from "@/lib/sdk/document";
import type { SdkSnapshot } from "@/lib/sdk/snapshot";
import { IDENTITY_BATCH_SIZE } from "@/lib/segments/scan";
import type { TRuleInput } from "@/lib/segments/schemas";
import { readValue } from "@/lib/values";
import { affectedFeatureIds, type Proposal, type ProposedState } from "./apply";
import { runImpact } from "./run";
import type { TImpactBody } from "./schemas";

/** Rules as the v1 API takes them, in the engine's shape; `delete`d parts are left out. */
export function engineRules(rules: TRuleInput[]): EngineRule[] {
  const live = <T extends { delete?: boolean }>(items: T[] | undefined) =>
    (items ?? []).filter((i) => !i.delete);
  return live(rules).map((rule) =>
    buildRule({
      type: rule.type,
      conditions: live(rule.conditions).map((c) => ({
        operator: c.operator,
        value: c.value ?? null,
        property: c.property ?? null,
      })),
      rules: live(rule.rules as TRuleInput[] | undefined).map((child) => ({
        type: child.type,
        conditions: live(child.conditions).map((c) => ({
          operator: c.operator,
          value: c.value ?? null,
          property: c.property ?? null,
        })),
      })),
    }),
  );
}

/** The body's proposal, checked against the environment: every object must be its project's. */
async function readProposal(
  environment: { id: number; projectId: number },
  body: TImpactBody,
): Promise<{ proposal: Proposal; segments: EngineSegment[] }> {
  const featureIds = [...new Set((body.feature_states ?? []).map((s) => s.feature))];
  const features = await db.feature.findMany({
    where: { id: { in: featureIds }, projectId: environment.projectId },
    select: { id: true },
  });
  const known = new Set(features.map((f) => f.id));
  const missing = featureIds.find((id) => !known.has(id));
  if (missing !== undefined)
    throw ValidationError.field("feature", `Invalid pk "${missing}" - object does not exist.`);

  const featureSegmentIds = (body.feature_states ?? []).flatMap((s) =>
    s.feature_segment ? [s.feature_segment] : [],
  );
  const featureSegments = await db.featureSegment.findMany({
    where: { id: { in: featureSegmentIds }, environmentId: environment.id },
    select: { id: true, segmentId: true, featureId: true },
  });
  const byFeatureSegment = new Map(featureSegments.map((fs) => [fs.id, fs]));

  const featureStates: ProposedState[] = (body.feature_states ?? []).map((s) => {
    let segmentId: number | null = s.segment ?? null;
    if (s.feature_segment) {
      const fs = byFeatureSegment.get(s.feature_segment);
      if (!fs || fs.featureId !== s.feature)
        throw ValidationError.field(
          "feature_segment",
          `Invalid pk "${s.feature_segment}" - object does not exist.`,
        );
      segmentId = fs.segmentId;
    }
    return {
      featureId: s.feature,
      segmentId,
      enabled: s.enabled,
      value: s.feature_state_value === undefined ? undefined : readValue(s.feature_state_value),
      remove: s.delete,
      priority: s.priority,
    };
  });
  const segmentIds = [
    ...new Set([
      ...featureStates.flatMap((s) => (s.segmentId === null ? [] : [s.segmentId])),
      ...(body.segments ?? []).map((s) => s.id),
    ]),
  ];
  const rows = await db.segment.findMany({
    where: { id: { in: segmentIds }, projectId: environment.projectId },
    include: { rules: { include: { conditions: true, rules: { include: { conditions: true } } } } },
  });
  const found = new Set(rows.map((r) => r.id));
  const absent = segmentIds.find((id) => !found.has(id));
  if (absent !== undefined)
    throw ValidationError.field("segment", `Invalid pk "${absent}" - object does not exist.`);
  const segments = rows.map((row) => ({
    id: row.id,
    name: row.name,
    rules: row.rules.filter((r) => r.parentRuleId === null).map((r) => buildRule(r)),
    feature_states: [],
  }));
  const proposal = {
    featureStates,
    segments: (body.segments ?? []).map((s) => ({ segmentId: s.id, rules: engineRules(s.rules) })),
  };
  return { proposal, segments };
}

/** The document with the named segments present (a feature-specific segment without overrides is left out of it). */
function withSegments(doc: EnvironmentDocument, segments: EngineSegment[]): EnvironmentDocument {
  const present = new Set(doc.project.segments.map((s) => s.id));
  const extra = segments.filter((s) => !present.has(s.id));
  if (extra.length === 0) return doc;
  return { ...doc, project: { ...doc.project, segments: [...doc.project.segments, ...extra] } };
}

/** The identities' overrides of the given features, by identifier (the others cannot change). */
function overridesOf(snapshot: SdkSnapshot, featureIds: Set<number>): [string, EngineFeatureState[]][] {
  const result: [string, EngineFeatureState[]][] = [];
  for (const [identifier, override] of snapshot.identityOverrides) {
    const states = override.identity_features.filter((s) => featureIds.has(s.feature.id));
    if (states.length > 0) result.push([identifier, states]);
  }
  return result;
}

/** Evaluates a proposal over an environment's stored identities (off the event loop: lib/impact/run.ts). */
export async function measureImpact(options: {
  environmentId: number;
  projectId: number;
  apiKey: string;
  proposal: Proposal;
  segments: EngineSegment[];
  examples?: number;
}) {
  const snapshot = await getSnapshot(options.environmentId);
  if (!snapshot) throw new NotFoundError();
  // The identity overrides travel separately, cut down to the features the change can reach.
  const live = { ...withSegments(snapshot.document, options.segments), identity_overrides: [] };
  const limit = LIMITS.segmentCountScan;
  const summary = await runImpact({
    environmentId: options.environmentId,
    live,
    proposal: options.proposal,
    identityOverrides: overridesOf(snapshot, affectedFeatureIds(live, options.proposal)),
    limit,
    batchSize: IDENTITY_BATCH_SIZE,
    examples: options.examples,
  });
  return { environment: options.apiKey, ...summary, scan_limit: limit };
}

export async function proposeImpact(userId: number, apiKey: string, body: TImpactBody) {
  const environment = await requireEnvironment(userId, apiKey);
  const { proposal, segments } = await readProposal(environment, body);
  return measureImpact({
    environmentId: environment.id,
    projectId: environment.projectId,
    apiKey: environment.apiKey,
    proposal,
    segments,
    examples: body.examples,
  });
}
