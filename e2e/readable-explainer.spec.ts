// Issue 30 item 8: the "why this value" panel reads in the rule builder's words, lists segment
// overrides in the order the engine tries them, and names an identity override by the value
// the identity really gets.
import { expect, test } from "@playwright/test";
import { call, createFeature, createSegmentOverride, envPath, seed } from "./support/api";

test("the explainer speaks the builder's labels, in priority order, with the real value", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const colour = await createFeature(page.request, s, {
    name: "colour",
    default_enabled: true,
    initial_value: "grey",
    multivariate_options: [
      { type: "unicode", string_value: "blue", default_percentage_allocation: 100 },
      { type: "unicode", string_value: "red", default_percentage_allocation: 0 },
    ],
  });
  const banner = await createFeature(page.request, s, { name: "banner", initial_value: "plain" });
  // Created first, so it comes first in the project's segments, but it is tried second.
  const adults = await createSegmentOverride(page.request, s, {
    featureId: banner.id,
    segmentName: "Adults",
    condition: { property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" },
    value: "adult-banner",
  });
  const everyone = await createSegmentOverride(page.request, s, {
    featureId: banner.id,
    segmentName: "Everyone",
    condition: { property: "age", operator: "LESS_THAN", value: "200" },
    value: "everyone-banner",
  });
  const reordered = await call(page.request, "/api/v1/features/feature-segments/update-priorities/", {
    token: s.token,
    body: [
      { id: everyone.featureSegmentId, priority: 0 },
      { id: adults.featureSegmentId, priority: 1 },
    ],
  });
  expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);

  const sdk = await call(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: { identifier: "ada", traits: [{ trait_key: "age", trait_value: 30 }] },
  });
  expect(sdk.status).toBe(200);
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token: s.token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada")!;
  const override = await call(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/${ada.id}/featurestates/`,
    { token: s.token, body: { feature: colour.id, enabled: true, feature_state_value: "green" } },
  );
  expect(override.status, JSON.stringify(override.body)).toBe(201);

  await page.goto(envPath(s, "evaluate"));
  await page.getByLabel("Identifier").fill("ada");
  await page.getByRole("button", { name: "Evaluate" }).click();
  const flags = page.getByRole("list", { name: "Evaluated flags" });

  const colourRow = flags.getByTestId("evaluated-flag").filter({ hasText: "colour" });
  await expect(colourRow).toContainText('"green"');
  await colourRow.getByText('Why: Identity override, serving "green"').click();
  await expect(colourRow).toContainText('it gets "green"');
  await expect(colourRow).not.toContainText("control");
  await expect(colourRow).not.toContainText("IDENTITY_OVERRIDE");

  const bannerRow = flags.getByTestId("evaluated-flag").filter({ hasText: "banner" });
  await expect(bannerRow).toContainText('"everyone-banner"');
  await bannerRow.getByText("Why: Segment override for Everyone").click();
  await expect(bannerRow.getByText(/Override for/)).toHaveText([
    /Everyone \(priority 0\) — decided the flag/,
    /Adults \(priority 1\)/,
  ]);
  await expect(bannerRow.getByTestId("condition")).toContainText([
    /age is less than 200/,
    /age is greater than or equal to 18\s*saw 30/,
  ]);
  await expect(bannerRow).not.toContainText("GREATER_THAN_INCLUSIVE");
  await expect(bannerRow).not.toContainText("LESS_THAN");
  await expect(bannerRow.getByTestId("segment-explanation").first()).toContainText("Any of these");
  await expect(bannerRow).not.toContainText("ANY");
});
