// Inputs of the SDK endpoints. Their handlers (lib/sdk) parse requests by hand to reproduce
// Flagsmith's exact messages, so these schemas only document them; lib/sdk/requests.test.ts
// checks that what they accept, the handlers accept too.
import { z } from "zod";

export const ZFlagsQuery = z.object({
  feature: z
    .string()
    .optional()
    .meta({ description: "Name of one feature (case-insensitive): answers that flag alone, or 404." }),
});

export const ZIdentityFlagsQuery = z.object({
  identifier: z.string().max(2000).optional().meta({
    description: "Identifier of the identity; created if new. Without it the answer is `{detail}`.",
  }),
  feature: z
    .string()
    .optional()
    .meta({ description: "Name of one feature (exact): answers that flag alone, or 404." }),
  transient: z
    .string()
    .optional()
    .meta({ description: "Any non-empty value: evaluate without storing the identity." }),
});

export const ZIdentifyQuery = z.object({
  identifier: z.string().max(2000).optional().meta({
    description: "Identifier, as an alternative to the body's; both must agree when both are sent.",
  }),
});

const ZIdentifyTrait = z.object({
  trait_key: z.string().min(1).meta({ description: "Key of the trait." }),
  trait_value: z
    .union([z.string().max(2000), z.number(), z.boolean()])
    .nullable()
    .meta({ description: "Value: its JSON type decides the stored type. Null deletes the stored trait." }),
  transient: z
    .boolean()
    .optional()
    .meta({ description: "Use the trait for this evaluation only (default false)." }),
});

export const ZIdentifyBody = z.object({
  identifier: z.string().max(2000).nullable().optional().meta({
    description:
      "Identifier of the identity, created if new. Without one the identity is transient and its identifier generated.",
  }),
  traits: z
    .array(ZIdentifyTrait)
    .nullable()
    .optional()
    .meta({ description: "Traits to store (as the organisation and the key allow) and evaluate with." }),
  transient: z
    .boolean()
    .optional()
    .meta({ description: "Evaluate without storing anything (default false)." }),
});

export const ZAnalyticsBody = z
  .record(z.string(), z.int().min(1).meta({ description: "How many times the flag was evaluated." }))
  .meta({
    description: "Evaluation counts by feature name; unknown names and non-positive counts are ignored.",
  });

const ZTraitWrite = z.object({
  identity: z
    .object({ identifier: z.string().min(1).max(2000).meta({ description: "Identifier; created if new." }) })
    .meta({ description: "The identity whose trait to set." }),
  trait_key: z.string().min(1).max(200).meta({ description: "Key of the trait." }),
  trait_value: z
    .union([z.string().max(2000), z.number(), z.boolean()])
    .meta({ description: "Value: its JSON type decides the stored type." }),
});

export const ZTraitWriteBody = ZTraitWrite.meta({ description: "One trait of one identity." });

export const ZTraitBulkBody = z
  .array(
    ZTraitWrite.extend({
      trait_value: z
        .union([z.string().max(2000), z.number(), z.boolean()])
        .nullable()
        .meta({ description: "Value: its JSON type decides the stored type; null deletes the trait." }),
    }),
  )
  .meta({ description: "Traits of any identities of the environment." });

export const ZTraitIncrementBody = z.object({
  trait_key: z.string().min(1).meta({ description: "Key of an integer trait (a missing one counts as 0)." }),
  identifier: z.string().min(1).meta({ description: "Identifier of the identity; created if new." }),
  increment_by: z.int().meta({ description: "What to add (may be negative)." }),
});
