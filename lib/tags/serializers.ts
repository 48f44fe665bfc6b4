// Tags as Flagsmith's TagSerializer shows them.
import type { z } from "zod";
import type { ZTag } from "@/lib/tags/responses";
export type TagRow = {
  id: number;
  uuid: string;
  label: string;
  color: string;
  description: string | null;
  projectId: number;
  isSystemTag: boolean;
  isPermanent: boolean;
  type: string;
};

export function serializeTag(tag: TagRow): z.infer<typeof ZTag> {
  return {
    id: tag.id,
    label: tag.label,
    color: tag.color,
    description: tag.description,
    project: tag.projectId,
    uuid: tag.uuid,
    is_permanent: tag.isPermanent,
    is_system_tag: tag.isSystemTag,
    type: tag.type as z.infer<typeof ZTag>["type"],
  };
}
