// A segment as Flagsmith's SegmentSerializer shows it. Ensign keeps its history apart
// (lib/segments/versions.ts), not as hidden segment copies,
// so version_of is the segment itself; metadata and membership counts are not tracked.
import { serializeRule } from "./rules";
import type { z } from "zod";
import type { ZSegment } from "@/lib/segments/responses";

type SegmentRow = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  projectId: number;
  featureId: number | null;
  createdAt: Date;
  updatedAt: Date;
  rules: Parameters<typeof serializeRule>[0][];
};

export function serializeSegment(segment: SegmentRow): z.infer<typeof ZSegment> {
  return {
    id: segment.id,
    uuid: segment.uuid,
    created_at: segment.createdAt.toISOString(),
    updated_at: segment.updatedAt.toISOString(),
    name: segment.name,
    description: segment.description,
    project: segment.projectId,
    feature: segment.featureId,
    version_of: segment.id,
    rules: segment.rules.map(serializeRule),
    metadata: [],
    membership_counts: [],
    managed_by: "",
  };
}
