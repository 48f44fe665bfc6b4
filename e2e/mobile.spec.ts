// A phone's width (390 px): the section sidebar sits behind a menu button that opens, closes on
// Escape and navigates; the widest pages (segment editor, members, feature) fit the screen.
import { expect, test, type Cookie, type Page } from "@playwright/test";
import { call, seed } from "./support/api";
import { seedWalkData, type WalkData } from "./support/pages";
import { expectFitsViewport, PHONE } from "./support/viewport";

test.use({ viewport: PHONE });

let data: WalkData;
let cookies: Cookie[];
let wideSegmentId: number;

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  data = await seedWalkData(context.request, await seed(context));
  cookies = await context.cookies();
  // Long trait keys and values, as real segments have: each condition row must wrap.
  const wide = await call<{ id: number }>(context.request, `/api/v1/projects/${data.projectId}/segments/`, {
    token: data.token,
    body: {
      name: "Enterprise customers in the annual billing programme",
      project: data.projectId,
      rules: [
        {
          type: "ALL",
          rules: [
            {
              type: "ANY",
              rules: [],
              conditions: [
                {
                  property: "subscription_plan_identifier",
                  operator: "IN",
                  value: "enterprise_annual_2026,enterprise_monthly_2026,professional_annual_2026",
                },
                { property: "account_identifier", operator: "MODULO", value: "4|1" },
                {
                  property: "email_address",
                  operator: "REGEX",
                  value: "^[a-z0-9._%+-]+@(example|example-corp)\\.com$",
                },
              ],
            },
          ],
        },
      ],
    },
  });
  expect(wide.status, JSON.stringify(wide.body)).toBe(201);
  wideSegmentId = wide.body.id;
  await context.close();
});

test.beforeEach(async ({ context }) => context.addCookies(cookies));

const env = (rest: string) => `/projects/${data.projectId}/environments/${data.envKey}/${rest}`;
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu", exact: true });

test("the menu button shows the environment's sections, closes on Escape and navigates", async ({ page }) => {
  await page.goto(env("features/"));
  await expect(page.getByRole("heading", { name: "Features", level: 1 })).toBeVisible({ timeout: 30_000 });
  const sections = page.getByRole("navigation", { name: "Environment sections" });
  await expect(sections).toBeHidden();
  const button = menuButton(page);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  const controls = await button.getAttribute("aria-controls");
  expect(controls).toBeTruthy();

  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator(`[id="${controls}"]`)).toBeVisible();
  await expect(sections).toBeVisible();
  // Focus moves into the menu, onto its first link.
  await expect(sections.getByRole("link", { name: "Features" })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(sections).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  await button.click();
  await sections.getByRole("link", { name: "Segments" }).click();
  await expect(page).toHaveURL(new RegExp(`${env("segments/")}$`));
  await expect(page.getByRole("heading", { name: "Segments", level: 1 })).toBeVisible();
  await expect(sections).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  await expectFitsViewport(page, "segments");
});

test("the menu button shows the organisation's sections and navigates", async ({ page }) => {
  await page.goto(`/organisations/${data.organisationId}/`);
  const sections = page.getByRole("navigation", { name: "Organisation sections" });
  await expect(menuButton(page)).toBeVisible({ timeout: 30_000 });
  await expect(sections).toBeHidden();
  await menuButton(page).click();
  await sections.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await expect(sections).toBeHidden();
});

test("at 1440 px the sections are a sidebar and there is no menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(env("features/"));
  await expect(page.getByRole("navigation", { name: "Environment sections" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(menuButton(page)).toBeHidden();
});

test("the segment editor fits a 390 px screen: its condition rows wrap", async ({ page }) => {
  await page.goto(env(`segments/${data.segmentId}/`));
  await expect(page.getByRole("heading", { name: "Gold plan" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("condition").first()).toBeVisible();
  await expectFitsViewport(page, "segment editor");
  await page.goto(env(`segments/${wideSegmentId}/`));
  await expect(page.getByTestId("condition")).toHaveCount(3, { timeout: 30_000 });
  await expectFitsViewport(page, "segment editor with long conditions");
});

test("the members table fits a 390 px screen", async ({ page }) => {
  await page.goto(`/organisations/${data.organisationId}/members/`);
  await expect(page.getByRole("table", { name: "Members" })).toBeVisible({ timeout: 30_000 });
  await expectFitsViewport(page, "members");
});

test("the feature page fits a 390 px screen", async ({ page }) => {
  await page.goto(env(`features/${data.featureId}/`));
  await expect(page.getByRole("list", { name: "Variations" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectFitsViewport(page, "feature");
});
