// The permission editor of a project's page and of an environment's settings loads when opened
// (its "Manage permissions" button); the organisation's permissions page shows it at once.
import { expect, type Page } from "@playwright/test";

/** The "Permissions" section, its editor open (opened here unless it already is). */
export async function permissionsPanel(page: Page) {
  const panel = page.getByRole("region", { name: "Permissions" });
  const open = panel.getByRole("button", { name: "Manage permissions" });
  await expect(open.or(panel.getByLabel(/^Member/))).toBeVisible();
  if (await open.isVisible()) await open.click();
  return panel;
}
