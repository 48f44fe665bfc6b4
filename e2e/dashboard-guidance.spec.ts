import { expect, test } from "@playwright/test";
import { call, envPath, featuresPath, seed } from "./support/api";

test("at 390 px the menu shows every environment section, Settings included, on screen", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const s = await seed(context);
  await page.goto(featuresPath(s));
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const sections = page.getByRole("navigation", { name: "Environment sections" });
  for (const name of ["Features", "Segments", "Identities", "Evaluate", "Audit log", "Settings"]) {
    await expect(sections.getByRole("link", { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await sections.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "settings")}$`));
});

test("errors say what to do: an unreachable server, a variation share over 100%", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: {
      name: "button_colour",
      initial_value: "grey",
      multivariate_options: [{ type: "unicode", string_value: "red", default_percentage_allocation: 50 }],
    },
  });
  expect(created.status).toBe(201);
  await page.goto(`${featuresPath(s)}${created.body.id}/`);
  await page.getByRole("button", { name: "Add variation" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Variation value", { exact: true }).fill("green");
  await dialog.getByLabel("Share in every environment (%)").fill("60");
  await dialog.getByRole("button", { name: "Add variation" }).click();
  await expect(
    dialog.getByText("The variations' shares would add up to more than 100%. Lower this share", {
      exact: false,
    }),
  ).toBeVisible();
  await expect(dialog.getByText("Invalid percentage allocation")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The network fails: the browser's "Failed to fetch" is not shown, advice is.
  await page.route("**/api/v1/projects/*/features/?*", (route) => route.abort("internetdisconnected"));
  await page.goto(featuresPath(s));
  await expect(
    page.getByText("Ensign could not be reached. Check your connection, then try again."),
  ).toBeVisible();
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
});

test("the “Enabled by default” hint says it turns the feature on in existing environments too", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await page.goto(featuresPath(s));
  await page.getByRole("button", { name: "New feature" }).first().click();
  await expect(
    page
      .getByRole("dialog")
      .getByText(
        "Ticked, the feature is turned on at once in the existing environment (Development), and in environments created later. Unticked, it starts off everywhere.",
      ),
  ).toBeVisible();
});
