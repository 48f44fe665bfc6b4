// Issue 18: the "why this value" panel. A person types an identifier and traits and sees each
// flag with its reason: a segment override with the condition results, then the default.
import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("evaluate: each flag for an identifier and traits, with why", async ({ page, context }) => {
  const s = await seed(context);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "checkout_banner", initial_value: "standard", default_enabled: true },
  });
  await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "dark_mode", default_enabled: false },
  });
  const segment = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "Gold plan",
      project: s.projectId,
      rules: [
        {
          type: "ALL",
          rules: [
            { type: "ANY", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "gold" }] },
          ],
        },
      ],
    },
  });
  const featureSegment = await call<{ id: number }>(page.request, "/api/v1/features/feature-segments/", {
    token: s.token,
    body: { feature: feature.body.id, segment: segment.body.id, environment: s.environmentId },
  });
  await call(page.request, "/api/v1/features/featurestates/", {
    token: s.token,
    body: {
      feature: feature.body.id,
      feature_segment: featureSegment.body.id,
      environment: s.environmentId,
      enabled: true,
      feature_state_value: { type: "unicode", string_value: "gold-banner" },
    },
  });

  await page.goto(envPath(s, "features"));
  await page
    .getByRole("navigation", { name: "Environment sections" })
    .getByRole("link", { name: "Evaluate" })
    .click();
  await expect(page.getByRole("heading", { name: "Evaluate", exact: true })).toBeVisible();

  await page.getByLabel("Identifier").fill("ada");
  await page.getByRole("textbox", { name: "Traits" }).fill("plan=gold\nage=31");
  await page.getByRole("button", { name: "Evaluate" }).click();

  const flags = page.getByRole("list", { name: "Evaluated flags" });
  const banner = flags.getByTestId("evaluated-flag").filter({ hasText: "checkout_banner" });
  await expect(banner).toContainText('"gold-banner"');
  await expect(banner).toContainText("Segment override: Gold plan");
  await banner.getByText("Why: TARGETING_MATCH; segment=Gold plan").click();
  await expect(banner.getByTestId("condition")).toContainText([/plan EQUAL gold\s*saw "gold"/]);
  await expect(banner.getByTestId("segment-explanation")).toContainText("Segment Gold plan matched");
  const dark = flags.getByTestId("evaluated-flag").filter({ hasText: "dark_mode" });
  await expect(dark).toContainText("Environment default");
  await expect(dark).toContainText("Off");

  await page.getByRole("textbox", { name: "Traits" }).fill("plan=free");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(banner).toContainText('"standard"');
  await expect(banner).toContainText("Environment default");
  await banner.getByText("Why: DEFAULT").click();
  await expect(banner.getByTestId("condition")).toContainText([/plan EQUAL gold\s*saw "free"/]);
  await expect(banner.getByTestId("segment-explanation")).toContainText("did not match");

  await page.getByRole("textbox", { name: "Traits" }).fill("plan");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(page.getByText("Line 1: write traits as key=value.")).toBeVisible();
});
