import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("a toggle in the dashboard shows in the audit log with its author and the field it changed", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await call(context.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "dark_mode" },
  });
  await call(context.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: { name: "beta", rules: [{ type: "ALL", rules: [], conditions: [] }] },
  });
  await page.goto(envPath(s, "features"));
  const toggle = page.getByRole("switch", { name: "dark_mode" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await page.getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("list", { name: "Audit log" });
  const entry = log
    .getByRole("listitem")
    .filter({ hasText: "Flag state / Remote Config value updated for feature: dark_mode" });
  await expect(entry).toContainText(s.email);
  await expect(log).toContainText("New Segment created: beta");

  await entry.getByRole("button", { name: "Show changes" }).click();
  const changes = entry.getByRole("table", { name: "Changes" });
  await expect(changes.getByRole("row", { name: /enabled/ })).toContainText("false");
  await expect(changes.getByRole("row", { name: /enabled/ })).toContainText("true");

  // Filters: text, and only this environment (the segment is project-wide).
  await page.getByLabel("Search the audit log").fill("segment");
  await expect(log.getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Search the audit log").fill("");
  await page.getByLabel(/^Only /).check();
  await expect(log).not.toContainText("New Segment created: beta");
  await expect(log).toContainText("Flag state / Remote Config value updated for feature: dark_mode");
  await page.getByLabel("From", { exact: true }).fill("2001-01-01");
  await page.getByLabel("To", { exact: true }).fill("2001-01-02");
  await expect(page.getByText("No changes match")).toBeVisible();
});
