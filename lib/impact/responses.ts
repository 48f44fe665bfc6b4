// The answer of POST /api/v1/environments/{api_key}/impact/: what a proposed change does to
// the environment's stored identities.
import { z } from "zod";
import { zBool, zInt, zText } from "@/lib/api/response-schemas";

const zValue = (description: string) =>
  z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({ description });

export const ZImpactSide = z
  .strictObject({
    enabled: zBool("On or off."),
    value: zValue("The value served."),
    variant: z
      .string()
      .nullable()
      .meta({ description: "Multivariate: the chosen option's key, or control." }),
    decided_by: z
      .enum(["IDENTITY_OVERRIDE", "SEGMENT_OVERRIDE", "DEFAULT"])
      .meta({ description: "What decided the value (the explainer's decided_by)." }),
    reason: zText("The engine's reason: DEFAULT, TARGETING_MATCH; segment=…, SPLIT; weight=…"),
    segment: z
      .strictObject({ id: zInt("Id."), name: zText("Name.") })
      .nullable()
      .meta({ description: "The segment whose override won, if any." }),
  })
  .meta({ id: "ImpactSide", description: "What one identity gets on one side (live or proposed)." });

export const ZImpactChange = z
  .strictObject({
    kind: z
      .enum(["OFF_TO_ON", "ON_TO_OFF", "VALUE", "VARIANT"])
      .meta({ description: "How the flag changes." }),
    from: zValue("Before: enabled (on/off kinds), the value, or the variant key."),
    to: zValue("After."),
    count: zInt("Identities with exactly this change."),
    examples: z
      .array(
        z.strictObject({
          identifier: zText("The identity."),
          live: ZImpactSide,
          proposed: ZImpactSide,
        }),
      )
      .meta({ description: "A few identities with this change and why, on both sides." }),
  })
  .meta({ id: "ImpactChange", description: "One kind of change and how many identities it hits." });

export const ZImpact = z
  .strictObject({
    environment: zText("The environment's client API key."),
    identities_scanned: zInt("Stored identities evaluated."),
    identities_changed: zInt("Identities for which at least one flag changes."),
    features: z
      .array(
        z.strictObject({
          feature: z
            .strictObject({ id: zInt("Id."), name: zText("Name.") })
            .meta({ description: "The feature whose flag changes." }),
          identities_changed: zInt("Identities for which this flag changes."),
          changes: z.array(ZImpactChange).meta({ description: "By kind, most identities first." }),
          other_changes: zInt("Identities whose change is of a kind past the 20 listed."),
        }),
      )
      .meta({ description: "Each feature the change can affect." }),
    is_complete: zBool(
      "False when the environment has more identities than `scan_limit`: the counts are lower bounds.",
    ),
    scan_limit: zInt("At most this many identities are evaluated (ENSIGN_SEGMENT_COUNT_SCAN_LIMIT)."),
  })
  .meta({ id: "Impact", description: "The blast radius of a proposed change." });
