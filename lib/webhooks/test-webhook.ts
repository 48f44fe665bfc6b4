// POST /webhooks/test/: sends a sample payload of the chosen kind to a URL, signed with the
// given secret. Nothing is stored. Unlike Flagsmith (400 with the receiver's status or a
// connection error), the answer is the same whatever happened on the network: 200 with
// `delivered` true only for a 2xx answer. A closed port, an open one that speaks something
// else, a non-2xx status, a timeout, an unknown name and a name that resolves to a refused
// address all read "not delivered", so the endpoint cannot map ports or internal names.
// Each account and client address may send a few per minute (./test-limit.ts).
import { clientAddressOf } from "@/lib/api/client-address";
import type { TWebhookTest } from "./schemas";
import { encodePayload } from "@/lib/webhook-outbox/signing";
import { webhookTestLimiter } from "./test-limit";
import { sendOnce } from "./worker";

const sampleState = (enabled: boolean, value: string) => ({
  feature: {
    id: 1,
    created_date: "2021-02-10T20:03:43.348556Z",
    default_enabled: false,
    description: "This is a description",
    initial_value: null,
    name: "test_feature",
    project: { id: 1, name: "Test Project" },
    type: "STANDARD",
  },
  environment: { id: 1, name: "Development" },
  identity: 1,
  identity_identifier: "test_identity",
  feature_segment: null,
  enabled,
  feature_state_value: value,
  multivariate_feature_state_values: [],
});

export function samplePayload(scope: "organisation" | "environment") {
  if (scope === "environment") {
    return {
      event_type: "FLAG_UPDATED",
      data: {
        changed_by: "user@example.com",
        timestamp: "2021-06-18T07:50:26.595298Z",
        new_state: sampleState(true, "new value"),
        previous_state: sampleState(false, "old value"),
      },
    };
  }
  return {
    event_type: "AUDIT_LOG_CREATED",
    data: {
      created_date: "2020-02-23T17:30:57.006318Z",
      log: "New Flag / Remote Config created: my_feature",
      author: { id: 1, email: "user@example.com", first_name: "Jane", last_name: "Doe" },
      environment: null,
      project: { id: 1, name: "Test Project", organisation: 1 },
      related_object_id: 1,
      related_object_type: "FEATURE",
    },
  };
}

export type WebhookTestResult = { detail: string; delivered: boolean };

export async function testWebhook(
  caller: { userId: number; request: Request },
  input: TWebhookTest,
): Promise<WebhookTestResult> {
  webhookTestLimiter().take({ userId: caller.userId, address: clientAddressOf(caller.request.headers) });
  const body = encodePayload(samplePayload(input.scope.type));
  const attempt = await sendOnce(input.webhook_url, body, input.secret ?? "");
  return attempt.error === null
    ? { detail: "Webhook test successful", delivered: true }
    : { detail: "Webhook test not delivered: the URL did not answer with a 2xx status", delivered: false };
}
