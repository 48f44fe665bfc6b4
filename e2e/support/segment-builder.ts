// Steps in the segment builder that several specs take.
import type { Locator, Page } from "@playwright/test";
import { envPath, type Seed } from "./api";

/** Sets a condition's operator, then its trait and value when given. */
export async function fillCondition(
  condition: Locator,
  property: string | null,
  operator: string,
  value?: string,
) {
  await condition.getByLabel("Operator").selectOption(operator);
  if (property !== null) await condition.getByLabel("Trait").fill(property);
  if (value !== undefined) await condition.getByLabel("Value").fill(value);
}

/** Opens "New segment" from the segments list, names it, and returns its first condition. */
export async function startNewSegment(page: Page, s: Seed, name: string): Promise<Locator> {
  await page.goto(envPath(s, "segments"));
  await page.getByRole("link", { name: "New segment" }).first().click();
  await page.getByLabel("Name").fill(name);
  return page.getByRole("group", { name: "Group 1, condition 1" });
}
