import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";
import { ZEnvironment } from "@/lib/wire/environment";
import { ZProject } from "@/lib/wire/project";

const ZAuditAuthor = z
  .strictObject({
    id: zInt("Numeric id of the user."),
    email: z.email().meta({ description: "Email address of the user." }),
    first_name: zText("First name."),
    last_name: zText("Last name."),
    last_login: z.iso.datetime().nullable().meta({ description: "Last sign-in; null if never." }),
    uuid: zUuid("UUID of the user."),
  })
  .meta({ id: "AuditLogAuthor", description: "The account that made a change." });

const entryFields = {
  id: zInt("Numeric id of the entry."),
  created_date: zDateTime("When the change was made."),
  log: zText("What changed, in one line."),
  author: ZAuditAuthor.nullable().meta({
    description: "Who made the change; null for changes the server made itself or a deleted account.",
  }),
  master_api_key: z
    .strictObject({
      id: zInt("Numeric id of the organisation API key."),
      prefix: zText("Prefix of the key (its first 8 characters)."),
      name: zText("Name of the key."),
    })
    .nullable()
    .meta({
      id: "AuditLogMasterApiKey",
      description: "The organisation API key that made the change (author is then null); null otherwise.",
    }),
  environment: ZEnvironment.nullable().meta({
    description: "The environment of the change; null when none, or when it has since been deleted.",
  }),
  project: ZProject.nullable().meta({
    description: "The project of the change; null when none, or when it has since been deleted.",
  }),
  related_object_id: z.int().nullable().meta({ description: "Numeric id of the changed object." }),
  related_object_uuid: z
    .string()
    .nullable()
    .meta({ description: "UUID of the changed object, when it has one." }),
  related_object_type: z
    .enum([
      "ORGANISATION",
      "PROJECT",
      "ENVIRONMENT",
      "SERVER_API_KEY",
      "FEATURE",
      "FEATURE_STATE",
      "SEGMENT",
      "IDENTITY",
      "WEBHOOK",
      "TAG",
      "MASTER_API_KEY",
      "INVITE",
      "INVITE_LINK",
      "CHANGE_REQUEST",
      "USER",
      "GROUP",
      "PERMISSION",
      "VCS_REPOSITORY",
    ])
    .meta({ description: "What kind of object changed." }),
  is_system_event: zBool("Whether the server made the change itself (e.g. a scheduled change)."),
};

export const ZAuditLogEntry = z
  .strictObject(entryFields)
  .meta({ id: "AuditLogEntry", description: "One recorded change." });

const ZChangeDetail = z
  .strictObject({
    field: zText("Name of the changed field."),
    old: z.unknown().meta({ description: "Its value before the change; null on creation." }),
    new: z.unknown().meta({ description: "Its value after the change; null on deletion." }),
  })
  .meta({ id: "AuditLogChangeDetail", description: "One changed field." });

export const ZAuditLogEntryDetail = z
  .strictObject({
    ...entryFields,
    change_details: z.array(ZChangeDetail).meta({ description: "The fields that changed." }),
    change_type: z.enum(["CREATE", "UPDATE", "DELETE"]).meta({ description: "What kind of change." }),
  })
  .meta({ id: "AuditLogEntryDetail", description: "One recorded change with the fields it changed." });

export const ZAuditLogPage = paged(ZAuditLogEntry, "AuditLogPage", "audit log entries");
