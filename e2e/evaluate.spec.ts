// Issue 18: the "why this value" panel. A person types an identifier and traits and sees each
// flag with its reason: a segment override with the condition results, then the default.
import { expect, test } from "@playwright/test";
import { createFeature, createSegmentOverride, envPath, seed } from "./support/api";

test("evaluate: each flag for an identifier and traits, with why", async ({ page, context }) => {
  const s = await seed(context);
  const feature = await createFeature(page.request, s, {
    name: "checkout_banner",
    initial_value: "standard",
    default_enabled: true,
  });
  await createFeature(page.request, s, { name: "dark_mode", default_enabled: false });
  await createSegmentOverride(page.request, s, {
    featureId: feature.id,
    segmentName: "Gold plan",
    condition: { property: "plan", operator: "EQUAL", value: "gold" },
    value: "gold-banner",
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
  await banner.getByText("Why: Segment override for Gold plan").click();
  await expect(banner.getByTestId("condition")).toContainText([/plan equals gold\s*saw "gold"/]);
  await expect(banner.getByTestId("segment-explanation")).toContainText("Segment Gold plan matched");
  const dark = flags.getByTestId("evaluated-flag").filter({ hasText: "dark_mode" });
  await expect(dark).toContainText("Environment default");
  await expect(dark).toContainText("Off");

  await page.getByRole("textbox", { name: "Traits" }).fill("plan=free");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(banner).toContainText('"standard"');
  await expect(banner).toContainText("Environment default");
  await banner.getByText("Why: Environment default").click();
  await expect(banner.getByTestId("condition")).toContainText([/plan equals gold\s*saw "free"/]);
  await expect(banner.getByTestId("segment-explanation")).toContainText("did not match");

  await page.getByRole("textbox", { name: "Traits" }).fill("plan");
  await page.getByRole("button", { name: "Evaluate" }).click();
  await expect(page.getByText("Line 1: write traits as key=value.")).toBeVisible();
});
