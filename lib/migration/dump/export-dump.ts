// Writes an Ensign organisation as Flagsmith's organisation dump (the rows export.py writes,
// in its order, with its natural keys), so a team can go back to Flagsmith or move to another
// Ensign. Server-side keys cannot be written: Ensign keeps only their hashes.
import { db } from "@/lib/db/client";
import { readValue, readValueObject } from "@/lib/values";
import { segmentRows, stableUuid } from "./export-segments";
import type { DumpRowOut } from "./types";

export type ExportDumpOptions = {
  organisationId: number;
  /**
   * Also write `pk` on feature states and segments: the ids variants and percentage splits
   * hash with, so another Ensign puts every identity in the same bucket. Django's loaddata
   * would reuse those ids as primary keys: leave this off for a Flagsmith with data.
   */
  keepIds?: boolean;
};

const iso = (d: Date) => d.toISOString();

function traitFields(valueType: string, value: string) {
  const typed = readValue({ valueType, value });
  return {
    value_type: valueType,
    string_value: valueType === "unicode" ? typed : null,
    integer_value: valueType === "int" ? typed : null,
    float_value: valueType === "float" ? typed : null,
    boolean_value: valueType === "bool" ? typed : null,
  };
}

function optionValue(valueType: string, value: string | null) {
  return readValueObject({ valueType, value });
}

export async function exportDump(options: ExportDumpOptions): Promise<DumpRowOut[]> {
  const organisationId = options.organisationId;
  const org = await db.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  const inOrg = { project: { organisationId } };
  const [projects, environments, tags, features, options_, segments, links, states, identities] =
    await Promise.all([
      db.project.findMany({ where: { organisationId }, orderBy: { id: "asc" } }),
      db.environment.findMany({ where: inOrg, orderBy: { id: "asc" }, include: { project: true } }),
      db.tag.findMany({ where: inOrg, orderBy: { id: "asc" }, include: { project: true } }),
      db.feature.findMany({
        where: inOrg,
        orderBy: { id: "asc" },
        include: { project: true, tags: { include: { tag: true } } },
      }),
      db.multivariateFeatureOption.findMany({
        where: { feature: inOrg },
        orderBy: { id: "asc" },
        include: { feature: true },
      }),
      db.segment.findMany({
        where: inOrg,
        orderBy: { id: "asc" },
        include: { project: true, feature: true },
      }),
      db.featureSegment.findMany({
        where: { feature: inOrg },
        orderBy: [{ priority: "asc" }, { id: "asc" }],
        include: { feature: true, segment: true, environment: true },
      }),
      db.featureState.findMany({
        where: { feature: inOrg },
        orderBy: { id: "asc" },
        include: {
          feature: true,
          environment: true,
          featureSegment: true,
          identity: true,
          multivariateValues: { include: { option: true }, orderBy: { id: "asc" } },
        },
      }),
      db.identity.findMany({
        where: { environment: inOrg },
        orderBy: { id: "asc" },
        include: { environment: true, traits: { orderBy: { id: "asc" } } },
      }),
    ]);

  const out: DumpRowOut[] = [
    {
      model: "organisations.organisation",
      fields: { uuid: org.uuid, name: org.name, created_date: iso(org.createdAt) },
    },
  ];
  for (const p of projects) {
    out.push({
      model: "projects.project",
      fields: {
        uuid: p.uuid,
        name: p.name,
        organisation: [org.uuid],
        created_date: iso(p.createdAt),
        hide_disabled_flags: p.hideDisabledFlags,
        enable_realtime_updates: p.enableRealtimeUpdates,
        prevent_flag_defaults: p.preventFlagDefaults,
        stale_flags_limit_days: p.staleFlagsLimitDays,
        enable_dynamo_db: false,
      },
    });
  }
  out.push(...(await segmentRows(org.uuid, segments, options.keepIds ?? false)));
  for (const t of tags) {
    out.push({
      model: "tags.tag",
      fields: {
        uuid: t.uuid,
        label: t.label,
        color: t.color,
        description: t.description,
        project: [t.project.uuid],
        is_system_tag: t.isSystemTag,
        is_permanent: t.isPermanent,
        type: t.type,
      },
    });
  }
  for (const e of environments) {
    out.push({
      model: "environments.environment",
      fields: {
        api_key: e.apiKey,
        name: e.name,
        project: [e.project.uuid],
        created_date: iso(e.createdAt),
        description: e.description,
        banner_text: e.bannerText,
        banner_colour: e.bannerColour,
        minimum_change_request_approvals: e.minimumChangeRequestApprovals,
        allow_client_traits: e.allowClientTraits,
        hide_disabled_flags: e.hideDisabledFlags,
        hide_sensitive_data: e.hideSensitiveData,
        use_identity_composite_key_for_hashing: e.useIdentityCompositeKeyForHashing,
        use_identity_overrides_in_local_eval: e.useIdentityOverridesInLocalEval,
      },
    });
  }
  for (const i of identities) {
    out.push({
      model: "identities.identity",
      fields: {
        identifier: i.identifier,
        created_date: iso(i.createdAt),
        environment: [i.environment.apiKey],
      },
    });
  }
  for (const i of identities) {
    for (const t of i.traits) {
      out.push({
        model: "traits.trait",
        fields: {
          identity: [i.identifier, i.environment.apiKey],
          trait_key: t.traitKey,
          created_date: iso(t.createdAt),
          ...traitFields(t.valueType, t.value),
        },
      });
    }
  }
  for (const f of features) {
    out.push({
      model: "features.feature",
      fields: {
        uuid: f.uuid,
        name: f.name,
        created_date: iso(f.createdAt),
        project: [f.project.uuid],
        initial_value: f.initialValue,
        description: f.description,
        default_enabled: f.defaultEnabled,
        type: f.type,
        tags: f.tags.map((t) => [t.tag.uuid]),
        is_archived: f.isArchived,
        is_server_key_only: f.isServerKeyOnly,
      },
    });
  }
  for (const o of options_) {
    out.push({
      model: "multivariate.multivariatefeatureoption",
      fields: {
        uuid: o.uuid,
        feature: [o.feature.uuid],
        ...optionValue(o.valueType, o.value),
        default_percentage_allocation: o.defaultPercentageAllocation,
        key: o.key,
      },
    });
  }
  for (const l of links) {
    out.push({
      model: "features.featuresegment",
      fields: {
        uuid: l.uuid,
        feature: [l.feature.uuid],
        segment: [l.segment.uuid],
        environment: [l.environment.apiKey],
        environment_feature_version: null,
        priority: l.priority,
      },
    });
  }
  for (const s of states) {
    out.push({
      model: "features.featurestate",
      ...(options.keepIds ? { pk: s.importedId ?? s.id } : {}),
      fields: {
        uuid: s.uuid,
        feature: [s.feature.uuid],
        environment: [s.environment.apiKey],
        identity: s.identity ? [s.identity.identifier, s.environment.apiKey] : null,
        feature_segment: s.featureSegment ? [s.featureSegment.uuid] : null,
        enabled: s.enabled,
        version: 1,
        live_from: iso(s.createdAt),
        created_at: iso(s.createdAt),
        updated_at: iso(s.updatedAt),
        environment_feature_version: null,
        change_request: null,
      },
    });
  }
  for (const s of states) {
    out.push({
      model: "features.featurestatevalue",
      fields: {
        uuid: stableUuid(`${s.uuid}/value`),
        feature_state: [s.uuid],
        ...readValueObject({ valueType: s.valueType, value: s.value }),
      },
    });
  }
  for (const s of states) {
    for (const v of s.multivariateValues) {
      out.push({
        model: "multivariate.multivariatefeaturestatevalue",
        fields: {
          uuid: v.uuid,
          feature_state: [s.uuid],
          multivariate_feature_option: [v.option.uuid],
          percentage_allocation: v.percentageAllocation,
        },
      });
    }
  }
  return out;
}
