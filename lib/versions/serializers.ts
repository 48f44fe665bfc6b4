import type { z } from "zod";
import type { ZFeatureVersion } from "./responses";

type VersionRow = {
  uuid: string;
  featureId: number;
  environmentId: number;
  authorId: number | null;
  createdAt: Date;
  snapshot: string;
  previousVersionUuid: string | null;
  restoredFromUuid: string | null;
};
type Author = { id: number; email: string };

/** Flagsmith's v2 version fields where they fit; every version here is published when written. */
export function serializeFeatureVersion(
  row: VersionRow,
  isLive: boolean,
  author: Author | null,
): z.infer<typeof ZFeatureVersion> {
  const at = row.createdAt.toISOString();
  return {
    uuid: row.uuid,
    created_at: at,
    updated_at: at,
    published: true,
    published_at: at,
    live_from: at,
    is_live: isLive,
    published_by: row.authorId,
    created_by: row.authorId,
    author: author && { id: author.id, email: author.email },
    previous_version_uuid: row.previousVersionUuid,
    restored_from_uuid: row.restoredFromUuid,
    feature: row.featureId,
    environment: row.environmentId,
    state: JSON.parse(row.snapshot) as z.infer<typeof ZFeatureVersion>["state"],
  };
}
