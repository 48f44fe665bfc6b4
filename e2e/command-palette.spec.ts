// The command palette: Ctrl+K, `/` or the Search button opens it; it finds flags, segments,
// identities and pages, remembers what was opened, and is an accessible combobox that closes
// on Escape and gives focus back. It asks the API nothing until it opens.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, createFeature, envPath, featuresPath, seed, unique, type Seed } from "./support/api";
import { expectFitsViewport, PHONE } from "./support/viewport";

type Data = Seed & { flag: { id: number; name: string }; segment: { id: number; name: string } };

async function seedPaletteData(page: Page): Promise<Data> {
  const s = await seed(page.context());
  const name = unique("palette_flag").replace(/-/g, "_");
  const flag = await createFeature(page.request, s, { name, description: "Found from the palette" });
  await createFeature(page.request, s, { name: unique("other_flag").replace(/-/g, "_") });
  const segmentName = unique("Palette segment");
  const segment = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: segmentName,
      project: s.projectId,
      rules: [
        {
          type: "ALL",
          rules: [
            { type: "ANY", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "gold" }] },
          ],
        },
      ],
    },
  });
  expect(segment.status, JSON.stringify(segment.body)).toBe(201);
  return { ...s, flag: { id: flag.id, name }, segment: { id: segment.body.id, name: segmentName } };
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Search and go to" });
const searchField = (page: Page) => page.getByRole("combobox", { name: /search flags, segments/i });
/** The list's data has come: the page is hydrated, and its keyboard shortcuts listen. */
const flagsListed = (page: Page, s: Data) =>
  expect(page.getByRole("switch", { name: s.flag.name })).toBeVisible();
const option = (page: Page, name: string) => page.getByRole("option", { name: new RegExp(`^${name}`) });

/** Types a search and waits until the wanted option is the active one, then opens it with Enter. */
async function openByKeyboard(page: Page, query: string, optionName: string) {
  await searchField(page).fill(query);
  const wanted = option(page, optionName);
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 40 && (await wanted.getAttribute("aria-selected")) !== "true"; i++) {
    await searchField(page).press("ArrowDown");
  }
  await expect(wanted).toHaveAttribute("aria-selected", "true");
  await expect(searchField(page)).toHaveAttribute(
    "aria-activedescendant",
    (await wanted.getAttribute("id"))!,
  );
  await searchField(page).press("Enter");
}

test("Ctrl+K finds a flag and opens its page; the palette remembers it; Escape closes and gives focus back", async ({
  page,
}) => {
  const s = await seedPaletteData(page);
  const apiCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/v1/")) apiCalls.push(r.url());
  });
  await page.goto(featuresPath(s));
  await flagsListed(page, s);
  // Nothing is searched before the palette opens.
  expect(apiCalls.filter((url) => url.includes(`page_size=8`))).toEqual([]);

  await page.keyboard.press("Control+k");
  await expect(palette(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await expect(searchField(page)).toHaveAttribute("aria-expanded", "true");
  await openByKeyboard(page, s.flag.name.slice(0, -2), s.flag.name);
  await expect(page).toHaveURL(new RegExp(`/features/${s.flag.id}/$`));
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole("heading", { name: s.flag.name, level: 1 })).toBeVisible();

  // `/` outside a text field opens it too; what was opened is listed first, under Recent.
  await page.getByRole("heading", { name: s.flag.name, level: 1 }).click();
  await page.keyboard.press("/");
  await expect(palette(page)).toBeVisible();
  const recent = palette(page).getByRole("group", { name: "Recent" });
  await expect(recent.getByRole("option")).toHaveCount(1);
  await expect(recent.getByRole("option").first()).toHaveAccessibleName(new RegExp(`^${s.flag.name}`));
  await expect(recent.getByRole("option").first()).toHaveAttribute("aria-selected", "true");

  // Arrows move through every option and wrap around.
  const options = palette(page).getByRole("option");
  await searchField(page).press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await searchField(page).press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(palette(page).getByRole("option", { selected: true })).toHaveCount(1);

  // Escape closes it and focus returns where it was (the Search button, when it opened it).
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
  const button = page.getByRole("button", { name: "Search", exact: true });
  await button.click();
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test("the palette finds a segment, a page and an identity of the environment", async ({ page }) => {
  const s = await seedPaletteData(page);
  const identifier = `${unique("palette-user")}@example.com`;
  const identify = await call(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: { identifier, traits: [{ trait_key: "plan", trait_value: "gold" }] },
  });
  expect(identify.status).toBe(200);
  await page.goto(envPath(s, "segments"));
  await expect(page.getByRole("link", { name: s.segment.name })).toBeVisible();

  await page.keyboard.press("Control+k");
  await openByKeyboard(page, s.segment.name.slice(-8), s.segment.name);
  await expect(page).toHaveURL(new RegExp(`/segments/${s.segment.id}/$`));
  await expect(page.getByRole("heading", { name: s.segment.name })).toBeVisible();

  // Pages: every section, matched by name or by what it is about ("users" finds Members).
  await page.keyboard.press("Control+k");
  await searchField(page).fill("users");
  await expect(
    palette(page).getByRole("group", { name: "Pages" }).getByRole("option").first(),
  ).toHaveAccessibleName(/^Identities/);
  await openByKeyboard(page, "members", "Members");
  await expect(page).toHaveURL(new RegExp(`/organisations/${s.organisationId}/members/$`));
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();

  // Identities are searched by the API, in the environment of the page, once typing pauses.
  await page.goto(featuresPath(s));
  await flagsListed(page, s);
  const search = page.waitForRequest(
    (r) => r.url().includes(`/environments/${s.envKey}/identities/`) && r.url().includes("q=palette-user"),
  );
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await searchField(page).pressSequentially("palette-user", { delay: 20 });
  await search;
  const found = palette(page)
    .getByRole("group", { name: "Identities" })
    .getByRole("option", { name: identifier });
  await found.click();
  await expect(page).toHaveURL(/\/identities\/\d+\/$/);
  await expect(page.getByRole("heading", { name: identifier })).toBeVisible();
});

test("`/` in a text field types a slash", async ({ page }) => {
  const s = await seedPaletteData(page);
  await page.goto(featuresPath(s));
  await flagsListed(page, s);
  const filter = page.getByLabel("Search features");
  await filter.click();
  await filter.press("/");
  await expect(filter).toHaveValue("/");
  await expect(palette(page)).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the Search button opens a palette that fits, axe clean in both themes; a tap opens a result", async ({
    page,
  }) => {
    const s = await seedPaletteData(page);
    await page.goto(featuresPath(s));
    await flagsListed(page, s);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.getByRole("button", { name: "Search", exact: true }).tap();
      await expect(searchField(page)).toBeFocused();
      await expect(option(page, s.flag.name)).toBeVisible();
      await expect(palette(page).getByRole("status")).toHaveText(/\d+ results?\./);
      await expectFitsViewport(page, `palette in ${theme}`);
      const results = await axe(page).include("dialog[open]").analyze();
      expect(results.violations, JSON.stringify(results.violations, null, 2)).toEqual([]);
      await palette(page).getByRole("button", { name: "Close" }).tap();
      await expect(palette(page)).toBeHidden();
    }
    // A tap on a result opens it.
    await page.getByRole("button", { name: "Search", exact: true }).tap();
    await option(page, s.flag.name).tap();
    await expect(page).toHaveURL(new RegExp(`/features/${s.flag.id}/$`));
  });
});
