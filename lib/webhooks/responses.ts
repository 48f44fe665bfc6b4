import { z } from "zod";
import { zBool, zDateTime, zInt, zText } from "@/lib/api/response-schemas";

export const ZWebhook = z
  .strictObject({
    id: zInt("Numeric id of the webhook."),
    url: zText("Where changes are sent."),
    enabled: zBool("Whether changes are sent."),
    secret: zText("Key of the X-Flagsmith-Signature HMAC; empty when bodies are not signed."),
    created_at: zDateTime("When the webhook was created."),
    updated_at: zDateTime("When the webhook was last changed."),
  })
  .meta({ id: "Webhook", description: "A webhook of an environment or an organisation." });

export const ZWebhookList = z
  .array(ZWebhook)
  .meta({ description: "The webhooks, oldest first (not paged)." });

const ZAttempt = z
  .strictObject({
    at: zDateTime("When the attempt was made."),
    status_code: z
      .int()
      .nullable()
      .meta({ description: "The receiver's HTTP status; null if it could not be reached." }),
    error: z.string().nullable().meta({ description: "Why the attempt failed; null when it succeeded." }),
  })
  .meta({ id: "WebhookDeliveryAttempt", description: "One attempt to send a delivery." });

export const ZWebhookDeliveryList = z
  .array(
    z
      .strictObject({
        id: zInt("Numeric id of the delivery."),
        event_type: z
          .enum(["FLAG_UPDATED", "FLAG_DELETED", "AUDIT_LOG_CREATED"])
          .meta({ description: "What happened." }),
        status: z.enum(["PENDING", "DELIVERED", "FAILED", "BLOCKED"]).meta({
          description:
            "PENDING until a 2xx answer (DELIVERED) or the fifth failure (FAILED); BLOCKED when the address is not allowed (not retried).",
        }),
        attempts: z.array(ZAttempt).meta({ description: "Every attempt so far, oldest first." }),
        created_at: zDateTime("When the change was made."),
        delivered_at: z.iso
          .datetime()
          .nullable()
          .meta({ description: "When a 2xx answer came; null until then." }),
        next_attempt_at: z.iso
          .datetime()
          .nullable()
          .meta({ description: "When the next attempt is due; null unless pending." }),
        payload: z.unknown().meta({ description: "The body sent: `{event_type, data}`." }),
      })
      .meta({ id: "WebhookDelivery", description: "One event sent (or to send) to a webhook." }),
  )
  .meta({ description: "The last 100 deliveries, newest first." });

export const ZWebhookTestResult = z
  .strictObject({
    detail: zText("`Webhook test successful`, or why it was not delivered (never network details)."),
    delivered: zBool("Whether the URL answered with a 2xx status."),
  })
  .meta({
    id: "WebhookTestResult",
    description:
      "The same shape whatever the network did: a closed port, a non-2xx answer, a timeout or an address the policy refuses all read `delivered: false`.",
  });
