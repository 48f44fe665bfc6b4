import { expect, test } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";

test("a toggle confirms with a toast whose Undo puts the flag back; create and delete confirm too", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "new_checkout" },
  });
  const enabled = async () => {
    const states = await call<{ results: { enabled: boolean }[] }>(
      page.request,
      `/api/v1/environments/${s.envKey}/featurestates/?feature=${created.body.id}`,
      { token: s.token },
    );
    return states.body.results[0].enabled;
  };

  await page.goto(featuresPath(s));
  const toggle = page.getByRole("switch", { name: "new_checkout" });
  await toggle.click();
  const toasts = page.getByRole("status", { name: "Notifications" });
  await expect(toasts.getByText("new_checkout turned on.")).toBeVisible();
  await expect.poll(enabled).toBe(true);

  await toasts.getByRole("button", { name: "Undo" }).click();
  await expect(toasts.getByText("new_checkout turned off again.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect.poll(enabled).toBe(false);

  await page.getByRole("button", { name: "New feature" }).first().click();
  await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("second_flag");
  await page.getByRole("dialog").getByRole("button", { name: "Create feature" }).click();
  await expect(toasts.getByText("Created second_flag.")).toBeVisible();

  await page.getByRole("button", { name: "Delete second_flag" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete feature" }).click();
  await expect(toasts.getByText("Deleted second_flag.")).toBeVisible();
});
