// What a dump reads into (./parse.ts, ./assemble-dump.ts): the live importer's shapes.
import type { SourceIdentity } from "../import-states";
import type {
  SEnvironment,
  SFeature,
  SFeatureSegment,
  SFeatureState,
  SProject,
  SSegment,
  SServerKey,
  STag,
} from "../source-types";
import type { DumpFields, DumpModel } from "./format";

export type DumpEnvironment = {
  environment: SEnvironment;
  states: SFeatureState[];
  links: SFeatureSegment[];
  identities: SourceIdentity[];
  keys: SServerKey[];
};
export type DumpProject = {
  project: SProject;
  tags: STag[];
  features: SFeature[];
  segments: SSegment[];
  environments: DumpEnvironment[];
};
export type DumpSource = {
  organisation: { uuid: string; name: string } | null;
  projects: DumpProject[];
  /** Rows of models Ensign does not carry over, counted per model. */
  skippedModels: Record<string, number>;
};

export type Row<M extends DumpModel> = { index: number; pk: number | null; fields: DumpFields<M> };
export type Rows = { [M in DumpModel]: Row<M>[] };

/** One row of a dump Ensign writes (./export-dump.ts). */
export type DumpRowOut = { model: string; pk?: number; fields: Record<string, unknown> };
