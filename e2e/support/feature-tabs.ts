// The feature page shows one tab at a time (?tab=): specs open the one they work in.
import { expect, type Page } from "@playwright/test";

export type FeatureTab =
  | "Value & variations"
  | "Segment overrides"
  | "Identity overrides"
  | "Schedule"
  | "History"
  | "Usage"
  | "Settings";

export async function openFeatureTab(page: Page, name: FeatureTab) {
  const tab = page.getByRole("tablist", { name: "Feature" }).getByRole("tab", { name, exact: true });
  // A click that lands before the page is hydrated does nothing: click again until it takes.
  await expect(async () => {
    if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
