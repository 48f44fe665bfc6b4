// Issue 14: the dashboard and the API documentation work under their Content-Security-Policy
// (no violation reported by Chromium) and refuse to be framed.
import { expect, test, type Page } from "@playwright/test";
import { envPath, featuresPath, seed, unique } from "./support/api";

/** Collects every CSP violation the page reports, from the console and from the DOM event. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Refused to load: CSP violation of ${event.violatedDirective} by ${event.blockedURI}`);
    });
  });
  return violations;
}

test("the dashboard pages load without a CSP violation", async ({ page, context }) => {
  const violations = watchViolations(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
  const s = await seed(context);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();
  await page.goto(featuresPath(s));
  await expect(page.getByRole("heading", { name: "Features", exact: true })).toBeVisible();
  await page
    .getByRole("button", { name: /new feature/i })
    .first()
    .click();
  await page.getByLabel(/^name/i).first().fill(unique("csp_flag").replaceAll("-", "_"));
  await page.keyboard.press("Escape");
  for (const section of ["segments", "identities", "settings"]) {
    await page.goto(envPath(s, section));
    await expect(page.locator("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  await page.goto("/account/");
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("Swagger UI loads and runs a request without a CSP violation", async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto("/api/v1/docs/");
  // The OpenAPI document is built on first request: slow on a busy machine.
  await expect(page.getByRole("heading", { name: "Ensign API" })).toBeVisible({ timeout: 30_000 });
  const operation = page.locator("#operations-SDK-getFlags");
  await operation.locator(".opblock-summary").click();
  await operation.getByRole("button", { name: "Try it out" }).click();
  await operation.getByRole("button", { name: "Execute" }).click();
  // Without a key the live answer is Flagsmith's 403: the request went out and came back.
  const live = operation.locator(".live-responses-table tbody tr.response");
  await expect(live.locator(".response-col_status")).toHaveText("403");
  expect(violations).toEqual([]);
});

test("no page may be framed by another site", async ({ page }) => {
  const response = await page.goto("/login");
  expect(response?.headers()["x-frame-options"]).toBe("DENY");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await page.setContent(`<iframe src="${page.url()}"></iframe>`);
  const frame = page.frames()[1];
  await page.waitForTimeout(500);
  // A refused frame stays on an error page: the sign-in form never renders inside it.
  expect(await frame?.locator("input[type=password]").count()).toBe(0);
});
