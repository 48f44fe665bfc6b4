import { expect, test } from "@playwright/test";
import { featuresPath, seed } from "./support/api";

test("keyboard: open, fill and close dialogs without a mouse; focus is visible", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await page.goto(featuresPath(s));
  const create = page.getByRole("button", { name: "New feature" });
  // Disabled until the dashboard knows the user may create features.
  await expect(create).toBeEnabled();
  await create.focus();
  const outline = await create.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.type("keyboard_flag");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const toggle = page.getByRole("switch", { name: "keyboard_flag" });
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
});

test("loading skeletons while data loads, then the list", async ({ page, context }) => {
  const s = await seed(context);
  await page.route("**/api/v1/projects/*/features/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(featuresPath(s));
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page.getByText("No features yet")).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
});

test("dark mode follows the system and a choice that survives a reload", async ({ page, context }) => {
  const s = await seed(context);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(featuresPath(s));
  await expect(page.locator("html")).toHaveClass(/dark/);
  const background = () => page.locator("body").evaluate((el) => getComputedStyle(el).backgroundColor);
  const dark = await background();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("radio", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await background()).not.toBe(dark);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("narrow screens: no sideways scrolling, navigation still reachable", async ({ page, context }) => {
  const s = await seed(context);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const section of ["features", "segments/new", "identities", "settings"]) {
    await page.goto(`/projects/${s.projectId}/environments/${s.envKey}/${section}/`);
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, section).toBeLessThanOrEqual(0);
  }
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Environment sections" }).getByRole("link", { name: "Identities" }),
  ).toBeVisible();
});

test("first run: with no account yet, sign-in sends people to create the first one", async ({ page }) => {
  // The instance's auth settings, as GET /api/v1/auth/config/ reports them on a fresh install.
  await page.route("**/api/v1/auth/config/", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ has_users: false, allow_signup: true, single_sign_on: null }),
    }),
  );
  await page.goto("/login/");
  await expect(page).toHaveURL(/\/signup\/$/);
  await expect(page.getByRole("heading", { name: "Welcome to Ensign" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create the first account" })).toBeVisible();
});
