// Every id the source has now, per mapping kind, read afresh at the end of a run: what an earlier
// run copied and the source no longer lists is gone there (./prune.ts). Read again rather than
// remembered from the run's steps, so a run resumed in another process sees the same.
import type { MappingKind } from "./mapping";
import type { SourceClient } from "./source-client";
import type {
  SEnvironment,
  SFeature,
  SFeatureState,
  SIdentity,
  SProject,
  SSegment,
  STag,
} from "./source-types";

export type SourceIds = Map<MappingKind, Set<string>>;

export async function listSourceIds(
  client: SourceClient,
  sourceOrg: number,
  isEdge: (p: SProject) => boolean,
): Promise<SourceIds> {
  const ids: SourceIds = new Map();
  const add = (kind: MappingKind, id: string | number) => {
    if (!ids.has(kind)) ids.set(kind, new Set());
    ids.get(kind)!.add(String(id));
  };
  // Every kind is listed, even when the source has none of it: an empty set means all are gone.
  for (const kind of ["project", "environment", "tag", "feature", "option", "segment", "feature-segment"]) {
    ids.set(kind as MappingKind, new Set());
  }
  ids.set("identity", new Set());
  const projects = await client.list<SProject>(`/api/v1/projects/?organisation=${sourceOrg}`);
  for (const p of projects) {
    add("project", p.id);
    for (const t of await client.list<STag>(`/api/v1/projects/${p.id}/tags/`)) add("tag", t.id);
    for (const f of await client.list<SFeature>(`/api/v1/projects/${p.id}/features/`)) {
      add("feature", f.id);
      for (const o of f.multivariate_options ?? []) add("option", o.id);
    }
    for (const s of await client.list<SSegment>(`/api/v1/projects/${p.id}/segments/`)) add("segment", s.id);
    for (const e of await client.list<SEnvironment>(`/api/v1/environments/?project=${p.id}`)) {
      add("environment", e.id);
      const states = await client.list<SFeatureState>(`/api/v1/features/featurestates/?environment=${e.id}`);
      for (const s of states) if (s.feature_segment) add("feature-segment", s.feature_segment);
      const key = encodeURIComponent(e.api_key);
      const edge = isEdge(p);
      const identities = await client.list<SIdentity>(
        edge ? `/api/v1/environments/${key}/edge-identities/` : `/api/v1/environments/${key}/identities/`,
      );
      for (const i of identities) add("identity", edge ? `edge:${i.identity_uuid}` : `core:${i.id}`);
    }
  }
  return ids;
}
