import { expect, test } from "@playwright/test";
import { call, createFeature, featuresPath, seed, unique } from "./support/api";
import { openFeatureTab } from "./support/feature-tabs";

test("group owners: assign a group on the feature page, then filter the list by it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const s = await seed(context);
  const groupName = unique("Payments");
  const group = await call<{ id: number }>(
    page.request,
    `/api/v1/organisations/${s.organisationId}/groups/`,
    {
      token: s.token,
      body: { name: groupName },
    },
  );
  expect(group.status).toBe(201);
  const alpha = await createFeature(page.request, s, { name: "alpha" });
  await createFeature(page.request, s, { name: "bravo" });

  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(2);
  await page.getByRole("link", { name: "Edit alpha" }).click();
  await openFeatureTab(page, "Settings");
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Tags and owners" }) });
  await section.getByLabel("Add an owner").selectOption({ label: groupName });
  const remove = section.getByRole("button", { name: `Remove group owner ${groupName}` });
  await expect(remove).toBeVisible();
  await expect(section.getByRole("list", { name: "Owners" })).toContainText(groupName);
  const saved = await call<{ group_owners: { id: number; name: string }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/${alpha.id}/`,
    { token: s.token },
  );
  expect(saved.body.group_owners).toEqual([{ id: group.body.id, name: groupName }]);
  // The group is an owner now, so the picker no longer offers it.
  await expect(section.getByLabel("Add an owner").locator("option", { hasText: groupName })).toHaveCount(0);

  await page.goto(featuresPath(s));
  await expect(rows).toHaveCount(2);
  // The filter's groups are asked for once someone reaches for it (focus or pointer).
  await page.getByLabel("Filter by owner").focus();
  await page.getByLabel("Filter by owner").selectOption({ label: groupName });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "alpha");
  await expect(page).toHaveURL(new RegExp(`[?&]group_owner=${group.body.id}(&|$)`));
  await page.reload();
  await expect(page.getByLabel("Filter by owner")).toHaveValue(`group:${group.body.id}`);
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Filter by owner").selectOption("");
  await expect(rows).toHaveCount(2);

  // Taking the group off the feature empties the filtered list.
  await page.getByRole("link", { name: "Edit alpha" }).click();
  await openFeatureTab(page, "Settings");
  await section.getByRole("button", { name: `Remove group owner ${groupName}` }).click();
  await expect(section.getByRole("button", { name: `Remove group owner ${groupName}` })).toHaveCount(0);
  await page.goto(`${featuresPath(s)}?group_owner=${group.body.id}`);
  await expect(page.getByText("No features match")).toBeVisible();
});
