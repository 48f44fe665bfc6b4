import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText } from "@/lib/api/response-schemas";
import { ZEnvironment } from "@/lib/wire/environment";

export const ZEnvironmentPage = paged(ZEnvironment, "EnvironmentPage", "environments");

export const ZServerKey = z
  .strictObject({
    id: zInt("Numeric id of the key."),
    key: z
      .string()
      .regex(/^ser\.[23456789A-HJ-NP-Za-km-z]{4}([23456789A-HJ-NP-Za-km-z]{18}|\*{18})$/)
      .meta({
        description:
          "The server-side key (`ser.` and 22 characters); send it as `X-Environment-Key`. Only the answer that creates a key holds all of it: Ensign stores a hash, so later answers show its first 8 characters and `*` for the rest.",
      }),
    active: zBool("Whether the key is accepted."),
    created_at: zDateTime("When the key was created."),
    name: zText("Name of the key."),
    expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the key stops being accepted; null if never." }),
  })
  .meta({ id: "ServerKey", description: "A server-side SDK key of an environment." });

export const ZServerKeyList = z.array(ZServerKey).meta({ description: "The keys, oldest first." });
export const ZEnvironmentList = z
  .array(ZEnvironment)
  .meta({ description: "The environments, oldest first." });
