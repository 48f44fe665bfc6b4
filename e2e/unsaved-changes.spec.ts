// Leaving a page with unsaved edits in an editor asks first: links inside the dashboard open a
// dialog (stay or discard), closing or reloading the tab gets the browser's beforeunload prompt.
import { expect, test, type Page } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

const sections = (page: Page) => page.getByRole("navigation", { name: "Environment sections" });

test("unsaved edits in the value editor, the segment builder and a settings form ask before leaving", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "banner", initial_value: "old" },
  });
  const featureUrl = `${envPath(s, "features")}${feature.body.id}/`;
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });

  // Nothing edited: links go straight through.
  await page.goto(featureUrl);
  await expect(page.getByLabel("Value", { exact: true })).toHaveValue("old");
  await sections(page).getByRole("link", { name: "Segments" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "segments")}$`));
  await expect(leave).toBeHidden();

  // Value editor: stay keeps the edit; leave discards it.
  await page.goto(featureUrl);
  await page.getByLabel("Value", { exact: true }).fill("new");
  await sections(page).getByRole("link", { name: "Segments" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${featureUrl}$`));
  await expect(page.getByLabel("Value", { exact: true })).toHaveValue("new");
  await sections(page).getByRole("link", { name: "Segments" }).click();
  await leave.getByRole("button", { name: "Leave and discard" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "segments")}$`));

  // Saved edits leave freely.
  await page.goto(featureUrl);
  await page.getByLabel("Value", { exact: true }).fill("saved");
  await page.getByRole("button", { name: "Save value" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await sections(page).getByRole("link", { name: "Segments" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "segments")}$`));

  // Segment builder.
  await page.goto(`${envPath(s, "segments")}new/`);
  await page.getByLabel("Name").fill("Beta testers");
  await sections(page).getByRole("link", { name: "Features" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("Beta testers");

  // A settings form (the profile), and the tab closing with the edit unsaved.
  await page.goto("/account/");
  await page.getByLabel("First name").fill("Augusta");
  await page.getByRole("banner").getByRole("link", { name: "Ensign" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();

  const prompt = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});
