// Flagsmith's one-call flag API: read a flag's state in an environment (its default and
// segment overrides), write any parts of it in one request (PATCH leaves what is left out,
// PUT resets it), or remove one override. Writes go through lib/feature-states/write.ts as one
// change: one transaction, one audit entry, one version, webhooks for each state changed.
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { db, type DbOrTx } from "@/lib/db/client";
import { writeFlag, type OverrideWrite, type StateChange } from "@/lib/feature-states/write";
import { requireEnvironment } from "@/lib/organisations/access";
import type { StoredValue } from "@/lib/values";
import type { TFlag } from "./responses";
import type { TFlagStateInput, TFlagUpdate, TFlagValue, TSegmentOverrideInput } from "./schemas";

type FlagPath = { userId: number; environmentKey: string; featureId: number };
type Feature = { id: number; name: string; projectId: number; type: string; optionIds: Set<number> };
type Where = { featureId: number; environmentId: number };

const API_TYPE: Record<string, "string" | "integer" | "boolean"> = { int: "integer", bool: "boolean" };
const PYTHON_INT = /^\s*[+-]?\d+(_\d+)*\s*$/;

async function requireFlag(path: FlagPath) {
  const environment = await requireEnvironment(path.userId, path.environmentKey);
  const row = await db.feature.findFirst({
    where: { id: path.featureId, projectId: environment.projectId },
    select: {
      id: true,
      name: true,
      projectId: true,
      type: true,
      multivariateOptions: { select: { id: true } },
    },
  });
  if (!row) throw new NotFoundError();
  const feature: Feature = { ...row, optionIds: new Set(row.multivariateOptions.map((o) => o.id)) };
  return { environment, feature, where: { featureId: feature.id, environmentId: environment.id } };
}

type StateRow = {
  enabled: boolean;
  valueType: string;
  value: string | null;
  multivariateValues: { optionId: number; percentageAllocation: number }[];
};

function flagState(state: StateRow) {
  return {
    enabled: state.enabled,
    value:
      state.value === null
        ? null
        : { type: API_TYPE[state.valueType] ?? ("string" as const), value: state.value },
    variants: [...state.multivariateValues]
      .sort((a, b) => a.optionId - b.optionId)
      .map((v) => ({ id: v.optionId, weight: v.percentageAllocation })),
  };
}

export async function readFlag(client: DbOrTx, where: Where): Promise<TFlag> {
  const mv = { select: { optionId: true, percentageAllocation: true } } as const;
  const [environmentDefault, links] = await Promise.all([
    client.featureState.findFirstOrThrow({
      where: { ...where, scope: "env" },
      include: { multivariateValues: mv },
    }),
    client.featureSegment.findMany({
      where,
      orderBy: [{ priority: "asc" }, { segmentId: "asc" }],
      include: { featureState: { include: { multivariateValues: mv } } },
    }),
  ]);
  return {
    environment_default: flagState(environmentDefault),
    segment_overrides: links.flatMap((link) =>
      link.featureState
        ? [{ segment: { id: link.segmentId }, priority: link.priority, ...flagState(link.featureState) }]
        : [],
    ),
  };
}

export async function getFlag(path: FlagPath): Promise<TFlag> {
  const { where } = await requireFlag(path);
  return readFlag(db, where);
}

// ---- validation, with Flagsmith's messages in its nested error shape ----------------------

/** The stored form of a typed value, or the reason it is not one. */
function storeFlagValue(input: TFlagValue): StoredValue | string {
  if (input.type === "string") return { valueType: "unicode", value: input.value };
  if (input.type === "integer") {
    const n = PYTHON_INT.test(input.value) ? Number(input.value.trim().replaceAll("_", "")) : NaN;
    if (!Number.isSafeInteger(n) || Math.abs(n) > 2147483647)
      return `'${input.value}' is not a valid integer`;
    return { valueType: "int", value: String(n) };
  }
  const lower = input.value.toLowerCase();
  if (lower !== "true" && lower !== "false")
    return `'${input.value}' is not a valid boolean (use 'true' or 'false')`;
  return { valueType: "bool", value: lower };
}

function variantsError(feature: Feature, variants: { id: number; weight: number }[]): string | null {
  if (feature.type !== "MULTIVARIATE" && feature.optionIds.size === 0) return "Feature is not multivariate.";
  const given = new Set(variants.map((v) => v.id));
  if ([...given].some((id) => !feature.optionIds.has(id))) return "Variant not found.";
  if ([...feature.optionIds].some((id) => !given.has(id))) return "Must include all feature's variants.";
  if (variants.reduce((sum, v) => sum + v.weight, 0) > 100) return "Total weight must not exceed 100.";
  return null;
}

type Checked = { value?: StoredValue };

function checkState(feature: Feature, input: TFlagStateInput, errors: Record<string, unknown>): Checked {
  const out: Checked = {};
  if (input.value) {
    const stored = storeFlagValue(input.value);
    if (typeof stored === "string") errors.value = [stored];
    else out.value = stored;
  }
  if (input.variants) {
    const error = variantsError(feature, input.variants);
    if (error) errors.variants = [error];
  }
  return out;
}

const allocations = (variants: { id: number; weight: number }[]) =>
  variants.map((v) => ({ multivariate_feature_option: v.id, percentage_allocation: v.weight }));

async function checkSegments(feature: Feature, overrides: TSegmentOverrideInput[]) {
  const ids = overrides.map((o) => o.segment.id);
  const found = await db.segment.findMany({
    where: { id: { in: ids }, projectId: feature.projectId },
    select: { id: true, featureId: true },
  });
  const usable = new Set(
    found.filter((s) => s.featureId === null || s.featureId === feature.id).map((s) => s.id),
  );
  return (id: number) => usable.has(id);
}

// ---- writes -------------------------------------------------------------------------------

type Mode = { replace: boolean };

export async function updateFlag(path: FlagPath, input: TFlagUpdate, mode: Mode): Promise<TFlag> {
  const { environment, feature, where } = await requireFlag(path);
  const overrides = input.segment_overrides ?? [];

  const errors: Record<string, unknown> = {};
  const defaultErrors: Record<string, unknown> = {};
  const defaultInput = input.environment_default;
  const checkedDefault = defaultInput ? checkState(feature, defaultInput, defaultErrors) : {};
  if (
    defaultInput &&
    mode.replace &&
    feature.optionIds.size > 0 &&
    !defaultInput.variants &&
    !defaultErrors.variants
  )
    defaultErrors.variants = ["Must include all feature's variants."];
  if (Object.keys(defaultErrors).length) errors.environment_default = defaultErrors;

  const isUsable = await checkSegments(feature, overrides);
  const overrideErrors = overrides.map(() => ({}) as Record<string, unknown>);
  const checkedOverrides = overrides.map((o, i) => {
    if (!isUsable(o.segment.id)) overrideErrors[i].segment = { id: ["Segment not found."] };
    return checkState(feature, o, overrideErrors[i]);
  });
  if (overrideErrors.some((e) => Object.keys(e).length)) errors.segment_overrides = overrideErrors;
  else {
    const seen = new Set<number>();
    for (const o of overrides) {
      if (seen.has(o.segment.id)) errors.segment_overrides = [`Duplicate segment: ${o.segment.id}.`];
      seen.add(o.segment.id);
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors as never);

  return db.$transaction(async (tx) => {
    const current = await readFlag(tx, where);
    let environmentDefault: StateChange | undefined;
    if (defaultInput) {
      environmentDefault = {
        enabled: defaultInput.enabled ?? (mode.replace ? false : undefined),
        value: checkedDefault.value ?? (mode.replace ? { valueType: "unicode", value: null } : undefined),
        allocations: defaultInput.variants && allocations(defaultInput.variants),
      };
    }
    // What a new override (or one PUT without some part) takes from the environment default,
    // as it stands after this request's change to it.
    const base = current.environment_default;
    const inherited = {
      enabled: environmentDefault?.enabled ?? base.enabled,
      value:
        environmentDefault?.value ??
        (base.value ? storeFlagValue(base.value) : { valueType: "unicode", value: null }),
      allocations: environmentDefault?.allocations ?? allocations(base.variants),
    } as Required<StateChange>;
    const existing = new Set(current.segment_overrides.map((o) => o.segment.id));
    const writes: OverrideWrite[] = overrides.map((o, position) => {
      const fresh = !existing.has(o.segment.id);
      const full = mode.replace || fresh;
      return {
        segmentId: o.segment.id,
        priority: o.priority ?? (fresh ? position : undefined),
        change: {
          enabled: o.enabled ?? (full ? inherited.enabled : undefined),
          value: checkedOverrides[position].value ?? (full ? inherited.value : undefined),
          allocations: o.variants ? allocations(o.variants) : full ? inherited.allocations : undefined,
        },
      };
    });
    const listed = new Set(overrides.map((o) => o.segment.id));
    await writeFlag(tx, where, {
      environmentDefault,
      overrides: writes,
      removeSegments:
        mode.replace && input.segment_overrides ? [...existing].filter((id) => !listed.has(id)) : [],
      log: `Flag updated for feature: ${feature.name} in environment: ${environment.name}`,
      duplicatePriority: (priority) => new BadRequestError(`Duplicate priority: ${priority}.`),
    });
    return readFlag(tx, where);
  });
}

export async function deleteFlagSegmentOverride(path: FlagPath & { segmentId: number }): Promise<TFlag> {
  const { environment, feature, where } = await requireFlag(path);
  return db.$transaction(async (tx) => {
    const current = await readFlag(tx, where);
    if (!current.segment_overrides.some((o) => o.segment.id === path.segmentId))
      throw new NotFoundError("Segment override not found.");
    await writeFlag(tx, where, {
      removeSegments: [path.segmentId],
      log: `Segment override deleted for feature: ${feature.name} in environment: ${environment.name}`,
      duplicatePriority: (priority) => new BadRequestError(`Duplicate priority: ${priority}.`),
    });
    return readFlag(tx, where);
  });
}
