// Issue 28 item 3 on the dashboard: the "Dump file" section of "Import from Flagsmith" refuses
// a bad file with the server's reason, imports the Flagsmith organisation dump fixture and shows
// its report as the latest import, and links the organisation's own dump for download.
import { expect, test } from "@playwright/test";
import { seed } from "./support/api";

test("upload Flagsmith's organisation dump on the import page and see the report", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const s = await seed(context);
  await page.goto(`/organisations/${s.organisationId}/flagsmith-import/`);
  await expect(page.getByRole("heading", { name: "Import from Flagsmith", level: 1 })).toBeVisible();
  await expect(page.getByText("No import has run yet.")).toBeVisible();

  const input = page.getByLabel("Organisation dump file");
  await input.setInputFiles({
    name: "not-a-dump.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"model": "projects.project"}'),
  });
  await page.getByRole("button", { name: "Import dump" }).click();
  await expect(page.getByText(/Expected a list of items/)).toBeVisible();
  await expect(page.getByText("No import has run yet.")).toBeVisible();

  await input.setInputFiles("tests/fixtures/flagsmith-dump.json");
  await page.getByRole("button", { name: "Import dump" }).click();
  // One transaction for the whole file: slower than a click under load.
  await expect(page.getByRole("status").filter({ hasText: "Imported flagsmith-dump.json" })).toBeVisible({
    timeout: 60_000,
  });
  const copied = page.getByRole("list", { name: "Copied" });
  await expect(copied.getByText("projects: 1")).toBeVisible();
  await expect(copied.getByText("features: 3")).toBeVisible();
  await expect(copied.getByText("identities: 4")).toBeVisible();
  await expect(page.getByRole("list", { name: "Skipped" })).toContainText("organisations.subscription (1)");

  const download = page.getByRole("link", { name: "Download this organisation as a dump" });
  await expect(download).toHaveAttribute(
    "href",
    `/api/v1/organisations/${s.organisationId}/flagsmith-export/`,
  );
  const res = await context.request.get(`/api/v1/organisations/${s.organisationId}/flagsmith-export/`);
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as { model: string }[];
  expect(rows.filter((r) => r.model === "features.feature")).toHaveLength(3);
});
