// Layout defects seen in the walk's screenshots, checked by geometry (boxes, scroll widths),
// never by pixels: the top bar at a phone's width (the environment crumb was cut and the bar
// scrolled sideways), identifiers and feature names set against their id chips, and the JSON
// view's "Copy JSON" button over the box's border, the identities search's placeholder cut short.
import { expect, test, type Cookie, type Locator, type Page } from "@playwright/test";
import { seed } from "./support/api";
import { seedWalkData, type WalkData } from "./support/pages";
import { expectFitsViewport, PHONE } from "./support/viewport";

let data: WalkData;
let cookies: Cookie[];

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  // The walk's data: JSON view on, so every id chip and JSON box shows.
  data = await seedWalkData(context.request, await seed(context));
  cookies = await context.cookies();
  await context.close();
});

test.beforeEach(async ({ context }) => context.addCookies(cookies));

const env = (rest: string) => `/projects/${data.projectId}/environments/${data.envKey}/${rest}`;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "the element has a box").not.toBeNull();
  return b!;
}

/** Width of a select's shown text against the room its box leaves for it (padding excluded). */
function selectTextFit(select: Locator) {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.selectedOptions[0]?.text ?? "";
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, textWidth: context.measureText(text).width, room };
  });
}

/** Horizontal gap between a name and the id chips after it, when they share a line. */
async function gapBefore(name: Locator, chips: Locator) {
  const [a, b] = [await box(name), await box(chips)];
  const sameLine = b.y < a.y + a.height && a.y < b.y + b.height;
  return sameLine ? b.x - (a.x + a.width) : null;
}

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  test("the top bar shows every crumb whole and does not scroll sideways", async ({ page }) => {
    await page.goto(env("features/"));
    await expect(page.getByRole("heading", { name: "Features", level: 1 })).toBeVisible({ timeout: 30_000 });
    const crumbs = page.getByRole("navigation", { name: "Organisation, project and environment" });
    const environment = crumbs.getByRole("combobox", { name: "Environment" });
    await expect(environment).toBeVisible();
    const sideways = await page.locator("header").evaluate((header) =>
      [header, ...header.querySelectorAll<HTMLElement>("*")]
        // Visually hidden text (sr-only: a 1 px clipped box) is no scrolling anyone sees.
        .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
        .filter((el) => getComputedStyle(el).overflowX !== "visible")
        .map(
          (el) =>
            `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}`,
        ),
    );
    expect(sideways, "nothing in the top bar scrolls sideways").toEqual([]);
    for (const name of ["Organisation", "Project", "Environment"]) {
      const select = crumbs.getByRole("combobox", { name });
      const b = await box(select);
      expect(b.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(PHONE.width);
      const fit = await selectTextFit(select);
      expect(fit.textWidth, `${name} “${fit.text}” is shown whole`).toBeLessThanOrEqual(fit.room + 0.5);
    }
    await expectFitsViewport(page, "features");
  });

  test("the identities search shows its whole placeholder, and the exact-match hint beside it", async ({
    page,
  }) => {
    await page.goto(env("identities/"));
    const search = page.getByRole("searchbox", { name: "Search identities" });
    await expect(search).toBeVisible({ timeout: 30_000 });
    const fit = await search.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: el.placeholder, textWidth: context.measureText(el.placeholder).width, room };
    });
    expect(fit.textWidth, `the placeholder “${fit.text}” is shown whole`).toBeLessThanOrEqual(fit.room + 0.5);
    await expect(search).toHaveAccessibleDescription(/exact match/);
  });
});

test("identifiers and feature names keep a gap before their id chips", async ({ page }) => {
  await page.goto(env("identities/"));
  const row = page.getByTestId("identity-row").first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const gap = await gapBefore(row.getByRole("link").first(), row.getByTestId("json-ids"));
  expect(gap, "the identifier and its chips share the row").not.toBeNull();
  expect(gap!).toBeGreaterThanOrEqual(6);

  await page.goto(env(`identities/${data.identityId}/`));
  const flag = page.getByTestId("identity-flag").first();
  await expect(flag).toBeVisible({ timeout: 30_000 });
  const name = flag.locator(".font-mono").first();
  const flagGap = await gapBefore(name, flag.getByTestId("json-ids"));
  expect(flagGap, "the feature name and its chip share the line").not.toBeNull();
  expect(flagGap!).toBeGreaterThanOrEqual(6);
});

async function expectCopyInsideSummary(page: Page) {
  const view = page.getByTestId("json-view");
  const details = view.locator("details");
  const summary = details.locator("summary");
  const copy = view.getByRole("button", { name: "Copy JSON" });
  const [d, s, c] = [await box(details), await box(summary), await box(copy)];
  expect(c.y, "below the box's top border").toBeGreaterThanOrEqual(d.y + 1);
  expect(c.y + c.height, "within the summary row").toBeLessThanOrEqual(s.y + s.height);
  expect(c.x + c.width, "inside the box's right border").toBeLessThanOrEqual(d.x + d.width - 1);
}

test("Copy JSON sits inside the JSON box's summary row, closed and open", async ({ page }) => {
  await page.goto(env(`identities/${data.identityId}/`));
  await expect(page.getByTestId("json-view")).toBeVisible({ timeout: 30_000 });
  await expectCopyInsideSummary(page);
  await page.getByTestId("json-view").locator("summary").click();
  await expect(page.getByRole("region", { name: "Identity JSON" })).toBeVisible();
  await expectCopyInsideSummary(page);
  const pre = await box(page.getByRole("region", { name: "Identity JSON" }));
  const copy = await box(page.getByTestId("json-view").getByRole("button", { name: "Copy JSON" }));
  expect(copy.y + copy.height, "above the JSON text").toBeLessThanOrEqual(pre.y);
});
