// POST /webhooks/test/: sends a sample payload of the chosen kind to a URL, signed with the
// given secret, and reports the receiver's answer as Flagsmith does. Nothing is stored.
import { jsonResponse } from "@/lib/api/error-response";
import type { TWebhookTest } from "./schemas";
import { encodePayload } from "./signing";
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

export async function testWebhook(input: TWebhookTest) {
  const body = encodePayload(samplePayload(input.scope.type));
  const attempt = await sendOnce(input.webhook_url, body, input.secret ?? "");
  if (attempt.status_code === null) {
    return jsonResponse(
      {
        detail: "Could not connect to webhook URL",
        body: attempt.blocked
          ? attempt.error
          : "Please check the URL, and ensure it is valid and accessible from the server.",
      },
      400,
    );
  }
  if (attempt.error !== null) {
    return jsonResponse(
      {
        detail: "Webhook returned error status",
        body: `Webhook returned HTTP ${attempt.status_code}.`,
        status: attempt.status_code,
      },
      400,
    );
  }
  return { detail: "Webhook test successful", status: attempt.status_code };
}
