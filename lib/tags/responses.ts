import { z } from "zod";
import { paged, zBool, zInt, zText, zUuid } from "@/lib/api/response-schemas";

export const ZTag = z
  .strictObject({
    id: zInt("Numeric id of the tag."),
    label: zText("Name shown on the tag."),
    color: zText("Hexadecimal colour."),
    description: z.string().nullable().meta({ description: "Free text; null if none." }),
    project: zInt("Id of the project."),
    uuid: zUuid("UUID of the tag."),
    is_permanent: zBool("Whether features with this tag are never reported as stale."),
    is_system_tag: zBool("Always false: Ensign creates no tags of its own."),
    type: z
      .enum(["NONE", "STALE", "GITHUB", "UNHEALTHY", "GITLAB"])
      .meta({ description: "Always NONE for tags made through the API." }),
  })
  .meta({ id: "Tag", description: "A label of a project's features." });

export const ZTagPage = paged(ZTag, "TagPage", "tags");
