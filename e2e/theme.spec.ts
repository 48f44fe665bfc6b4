// The colour theme: "System" follows the operating system's setting as it changes, without a
// reload; "Light" and "Dark" stay as chosen.
import { expect, test } from "@playwright/test";
import { featuresPath, seed } from "./support/api";

test("System follows a live OS change; a fixed choice ignores it", async ({ page, context }) => {
  const s = await seed(context);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(featuresPath(s));
  await expect(page.getByRole("heading", { name: "Features", exact: true })).toBeVisible();
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Account menu" }).click();
  const theme = page.getByRole("radiogroup", { name: "Colour theme" });
  await theme.getByRole("radio", { name: "Light" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(theme.getByRole("radio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
  await expect(html).not.toHaveClass(/\bdark\b/);

  // Back to System while the OS is dark: dark at once, and light again when the OS changes.
  await theme.getByRole("radio", { name: "System" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);

  // The choice holds on a client-side navigation to another page.
  await theme.getByRole("radio", { name: "Dark" }).click();
  await page.keyboard.press("Escape");
  await page
    .getByRole("navigation", { name: "Environment sections" })
    .getByRole("link", { name: "Segments" })
    .click();
  await expect(page.getByRole("heading", { name: "Segments", level: 1 })).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).toHaveClass(/\bdark\b/);
});
