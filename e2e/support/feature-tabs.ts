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
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}
