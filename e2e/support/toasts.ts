import { expect, type Page } from "@playwright/test";

/**
 * Checks an action's toast, then closes it as a person would: toasts sit over the bottom right
 * of the page (the Delete buttons among others) for 6 to 9 seconds, and a click there would
 * wait them out.
 */
export async function closeToast(page: Page, text: string) {
  const toast = page.getByTestId("toast").filter({ hasText: text });
  await expect(toast).toBeVisible();
  // On a slow machine it may close itself before the click lands; gone is gone either way.
  await toast
    .getByRole("button", { name: "Dismiss" })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}
