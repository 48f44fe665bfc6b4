// Answers of the one-call flag API: the flag's whole state in the environment.
import { z } from "zod";
import { zBool, zInt, zText } from "@/lib/api/response-schemas";

const ZFlagValueOut = z
  .strictObject({
    type: z.enum(["string", "integer", "boolean"]).meta({ description: "How `value` is read." }),
    value: zText("The value as a string."),
  })
  .nullable()
  .meta({ description: "The value; null when the flag has none." });

const ZVariantOut = z.strictObject({
  id: zInt("Id of the multivariate option."),
  weight: z.number().meta({ description: "Percentage of identities served this variant." }),
});

const stateFields = {
  enabled: zBool("Whether the flag is on."),
  value: ZFlagValueOut,
  variants: z.array(ZVariantOut).meta({ description: "Variant weights, by option id." }),
};

export const ZFlagInEnvironment = z
  .strictObject({
    environment_default: z
      .strictObject(stateFields)
      .meta({ description: "What the flag serves to everyone no segment override matches." }),
    segment_overrides: z
      .array(
        z.strictObject({
          segment: z
            .strictObject({ id: zInt("Id of the segment.") })
            .meta({ description: "The segment the override is for." }),
          priority: zInt("Evaluation order, 0 first."),
          ...stateFields,
        }),
      )
      .meta({ description: "The flag's segment overrides, by priority." }),
  })
  .meta({
    id: "FlagInEnvironment",
    description: "What a flag serves in an environment: its default and its segment overrides by priority.",
  });
export type TFlag = z.infer<typeof ZFlagInEnvironment>;
