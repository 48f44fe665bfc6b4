// The interactive API documentation: every resource group is listed, and a visitor can
// authorise with an environment key and try GET /api/v1/flags/ from the page itself (the dialog
// and the tried operation axe clean). The dashboard links to it, and it is light or dark as the
// dashboard's theme setting says.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { TAGS } from "../lib/openapi/tags";
import { call, envPath, seed, signUp, unique } from "./support/api";

test("docs page lists every resource group and tries GET /api/v1/flags/ with an environment key", async ({
  page,
  request,
}) => {
  // Slow on a loaded 2-core machine; a timeout here is not an assertion.
  test.setTimeout(180_000);
  const { token } = await signUp(request);
  const org = await call<{ id: number }>(request, "/api/v1/organisations/", {
    token,
    body: { name: unique("Org") },
  });
  const project = await call<{ id: number }>(request, "/api/v1/projects/", {
    token,
    body: { name: unique("Project"), organisation: org.body.id },
  });
  const env = await call<{ api_key: string }>(request, "/api/v1/environments/", {
    token,
    body: { name: "Docs", project: project.body.id },
  });
  expect(env.status).toBe(201);
  const feature = await call<{ name: string }>(request, `/api/v1/projects/${project.body.id}/features/`, {
    token,
    body: { name: unique("docs_flag"), default_enabled: true },
  });
  expect(feature.status).toBe(201);

  // Everything the page needs comes from Ensign itself: the machine may be offline.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) foreign.push(r.url());
  });
  await page.goto("/api/v1/docs/");
  // Swagger UI draws the title too; generous on a loaded machine (not an assertion on speed).
  await expect(page.getByRole("heading", { name: "Ensign API" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: "swagger.json" }).first()).toHaveAttribute(
    "href",
    "/api/v1/swagger.json",
  );
  await expect(page.getByRole("link", { name: "swagger.yaml" })).toHaveAttribute(
    "href",
    "/api/v1/swagger.yaml",
  );
  // Swagger UI renders a long list of operations virtually: only the groups near the
  // viewport are in the page at once, so the page is scrolled through to meet them all.
  // Generous: Swagger UI parses a large description before it draws, slow on a loaded machine.
  await expect(page.locator(".opblock-tag").first()).toBeVisible({ timeout: 30_000 });
  const seen = new Set<string>();
  for (let i = 0; i < 400 && seen.size < Object.keys(TAGS).length; i++) {
    const tags = await page
      .locator(".opblock-tag")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-tag")));
    for (const tag of tags) if (tag) seen.add(tag);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(25);
  }
  expect([...seen].sort()).toEqual(Object.keys(TAGS).sort());
  await page.evaluate(() => window.scrollTo(0, 0));

  await page.getByRole("button", { name: "Authorize" }).first().click();
  const dialog = page.locator(".modal-ux");
  const environmentKey = dialog
    .locator(".auth-container")
    .filter({ has: page.locator("h4 code", { hasText: /^environmentKey$/ }) });
  await environmentKey.getByRole("textbox").fill(env.body.api_key);
  await environmentKey.getByRole("button", { name: "Apply credentials" }).click();
  await expect(environmentKey.getByText("Authorized")).toBeVisible();
  // Swagger UI's own dialog: its close button is named, its buttons say what they show.
  await expectAxeClean(page, ".modal-ux", "the Authorize dialog");
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();

  const operation = page.locator("#operations-SDK-getFlags");
  await operation.locator(".opblock-summary").click();
  await operation.getByRole("button", { name: "Try it out" }).click();
  await operation.getByRole("button", { name: "Execute" }).click();
  // The request went out with the key from the Authorize dialog, and the live answer is 200.
  await expect(operation.locator(".curl-command")).toContainText(`X-Environment-Key: ${env.body.api_key}`);
  const live = operation.locator(".live-responses-table tbody tr.response");
  await expect(live.locator(".response-col_status")).toHaveText("200");
  await expect(live.locator(".response-col_description")).toContainText(feature.body.name);
  // Checked once the answer is highlighted: its numbers' colour (Swagger UI's #d36363) failed
  // contrast on the code block until the docs stylesheet lightened it.
  await expect(live.locator(".microlight span").first()).toBeVisible();
  await expectAxeClean(page, "#operations-SDK-getFlags", "a tried operation");
  expect(foreign).toEqual([]);
});

test("the dashboard links to the docs, which follow the dashboard's theme and a live OS change", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(envPath(s, "sdk"));
  await expect(page.getByRole("heading", { name: "Connect an SDK" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "API documentation" })).toHaveAttribute(
    "href",
    "/api/v1/docs/",
  );

  // Dark chosen in the account menu: the docs open dark (Swagger UI's own dark styles and ours).
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("radio", { name: "Dark" }).click();
  await page.getByRole("menuitem", { name: "API documentation" }).click();
  await expect(page).toHaveURL(/\/api\/v1\/docs\/$/);
  await expect(page.locator("#operations-SDK-getFlags")).toBeVisible({ timeout: 30_000 });
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark-mode\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(9, 9, 11)");
  // A way back to the dashboard.
  await expect(
    page.getByRole("navigation", { name: "Ensign" }).getByRole("link", { name: "Ensign dashboard" }),
  ).toHaveAttribute("href", "/");

  // Light chosen: light whatever the OS says.
  await page.goBack();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("radio", { name: "Light" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/api/v1/docs/");
  await expect(page.locator("#operations-SDK-getFlags")).toBeVisible({ timeout: 30_000 });
  await expect(html).not.toHaveClass(/\bdark-mode\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgb(255, 255, 255)",
  );

  // System: the page follows the OS as it changes, without a reload.
  await page.evaluate(() => window.localStorage.setItem("ensign:theme", "system"));
  await page.reload();
  await expect(page.locator("#operations-SDK-getFlags")).toBeVisible({ timeout: 30_000 });
  await expect(html).toHaveClass(/\bdark-mode\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark-mode\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark-mode\b/);
});

async function expectAxeClean(page: Page, selector: string, what: string) {
  // Swagger UI fades panels in: contrast measured mid-fade is the fade's, not the page's (a
  // rehearsal once saw the example JSON's colours fail this way, and pass on every rerun).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const results = await axe(page).include(selector).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary?.split("\n").join(" ")})`).join(", ")}`,
  );
  expect(found, `axe on ${what}`).toEqual([]);
}
