"use client";
// The history of a feature in an environment: its versions and the comparison of two.
import { useApi } from "./hooks";
import type { Page } from "./types";

type Weight = { multivariate_feature_option: number; percentage_allocation: number };
type StateFields = {
  enabled: boolean;
  feature_state_value: string | number | boolean | null;
  value_type: string;
  multivariate_feature_state_values: Weight[];
};

export type FeatureVersion = {
  uuid: string;
  created_at: string;
  is_live: boolean;
  author: { id: number; email: string } | null;
  previous_version_uuid: string | null;
  restored_from_uuid: string | null;
  state: {
    environment_default: StateFields | null;
    segment_overrides: (StateFields & { segment: number; segment_name: string; priority: number })[];
  };
};

export type VersionComparison = {
  version: string;
  compare_with: string;
  changes: { field: string; old: unknown; new: unknown }[];
};

export const versionUrls = {
  list: (key: string, feature: number) => `/api/v1/environments/${key}/features/${feature}/versions/`,
  restore: (key: string, feature: number, uuid: string) =>
    `/api/v1/environments/${key}/features/${feature}/versions/${uuid}/restore/`,
  compare: (key: string, feature: number, uuid: string, with_: string) =>
    `/api/v1/environments/${key}/features/${feature}/versions/${uuid}/compare/?compare_with=${with_}`,
};

// Other panels of the feature page change the feature without knowing about its history.
export const useFeatureVersions = (key: string, feature: number) =>
  useApi<Page<FeatureVersion>>(versionUrls.list(key, feature), { refreshInterval: 3000 });

export const useVersionComparison = (
  key: string,
  feature: number,
  uuid: string | null,
  with_: string | null,
) => useApi<VersionComparison>(uuid && with_ ? versionUrls.compare(key, feature, uuid, with_) : null);
