// Inputs of the webhook endpoints (Flagsmith's WebhookSerializer, OrganisationWebhookSerializer
// and TestWebhookSerializer).
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { blockedUrlReason } from "./network";

const zWebhookUrl = z
  .url({ protocol: /^https?$/, error: "Enter a valid URL." })
  .max(2000)
  .superRefine((url, ctx) => {
    const reason = blockedUrlReason(url);
    if (reason) ctx.addIssue({ code: "custom", message: `Webhooks cannot be sent there: ${reason}.` });
  })
  .describe(
    "Where the webhook is sent (http or https). Private, loopback and link-local addresses are refused unless the server allows them.",
  );
const zSecret = z
  .string()
  .max(255)
  .nullable()
  .optional()
  .describe("Signs each body (HMAC-SHA256, hex, in X-Flagsmith-Signature); empty for no signature.");

export const ZWebhookCreate = z.object({
  url: zWebhookUrl,
  enabled: z.boolean().optional().describe("Whether changes are sent (default true)."),
  secret: zSecret,
});
export type TWebhookCreate = z.infer<typeof ZWebhookCreate>;
export const ZWebhookUpdate = ZWebhookCreate.partial();
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdate>;

export const ZWebhookTest = z.object({
  webhook_url: zWebhookUrl,
  scope: z
    .object({
      type: z.enum(["organisation", "environment"]).describe("Which sample payload to send."),
    })
    .describe("The kind of webhook to test."),
  secret: zSecret,
});
export type TWebhookTest = z.infer<typeof ZWebhookTest>;

const zApiKey = z.string().min(1).max(100);
export const ZEnvironmentWebhooksParams = pathParams({ apiKey: zApiKey });
export const ZEnvironmentWebhookParams = pathParams({ apiKey: zApiKey, webhookId: zId });
export const ZOrganisationWebhooksParams = pathParams({ organisationId: zId });
export const ZOrganisationWebhookParams = pathParams({ organisationId: zId, webhookId: zId });
