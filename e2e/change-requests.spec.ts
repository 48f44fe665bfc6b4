// Four-eyes approval in the dashboard, with three people of one organisation: the author
// requests a change to a flag of a production environment that requires an approval, an
// outsider (an admin, but not an assigned reviewer) cannot approve and is told why, the
// approver sees the blast radius and approves, the author commits; then the SDK's /flags/,
// the audit log and an environment webhook all show the change.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { call, envPath, seed, signIn, unique } from "./support/api";
import { addMember, type Member } from "./support/members";

async function pageAs(browser: Browser, baseURL: string | undefined, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signIn(context, member);
  return context.newPage();
}

test("author requests, outsider cannot approve, approver approves, author commits", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const deliveries: string[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const s = await seed(context);
    const token = s.token;
    const request = context.request;
    await call(request, `/api/v1/environments/${s.envKey}/`, {
      token,
      method: "PATCH",
      body: { name: "Production" },
    });
    const feature = await call<{ id: number }>(request, `/api/v1/projects/${s.projectId}/features/`, {
      token,
      body: { name: "new_checkout", default_enabled: false },
    });
    expect(feature.status).toBe(201);
    for (const identifier of ["ada", "grace", "linus"])
      await call(request, "/api/v1/identities/", { envKey: s.envKey, body: { identifier } });
    const hook = await call(request, `/api/v1/environments/${s.envKey}/webhooks/`, {
      token,
      body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, enabled: true },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const approver = await addMember(request, s.organisationId, "ADMIN");
    const outsider = await addMember(request, s.organisationId, "ADMIN");

    // The environment's settings turn change requests on.
    await page.goto(envPath(s, "settings"));
    const minimum = page.getByLabel("Minimum approvals");
    await minimum.fill("1");
    await page.locator("form").filter({ has: minimum }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("now need 1 approval")).toBeVisible();

    // The author: the switch has become a request.
    await page.goto(envPath(s, `features/${feature.body.id}`));
    await page.getByRole("button", { name: "Request to turn on" }).click();
    const dialog = page.getByRole("dialog", { name: "Request change" });
    const title = unique("Launch new checkout");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel(approver.email).check();
    await dialog.getByRole("button", { name: "Request change" }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const reviewUrl = page.url();
    const approve = (p: Page) => p.getByRole("button", { name: "Approve" });
    const commit = page.getByRole("button", { name: "Commit" });
    await expect(approve(page)).toBeDisabled();
    await expect(approve(page)).toHaveAccessibleDescription(
      "You wrote this request: another person must review it.",
    );
    await expect(commit).toBeDisabled();
    await expect(commit).toHaveAccessibleDescription("It needs 1 more approval before it can be committed.");

    // The outsider may not approve, and sees why.
    const outsiderPage = await pageAs(browser, baseURL, outsider);
    await outsiderPage.goto(reviewUrl);
    await expect(outsiderPage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(approve(outsiderPage)).toBeDisabled();
    await expect(approve(outsiderPage)).toHaveAccessibleDescription(
      "Only the assigned reviewers (and members of the assigned groups) may review it.",
    );

    // The approver finds it waiting, sees the blast radius, and approves.
    const approverPage = await pageAs(browser, baseURL, approver);
    await approverPage.goto(envPath(s, "features"));
    const navLink = approverPage
      .getByRole("navigation", { name: "Environment sections" })
      .getByRole("link", { name: /Change requests/ });
    await expect(navLink).toContainText("1 waiting for your review");
    await navLink.click();
    await approverPage.getByRole("link", { name: title }).click();
    await expect(approverPage.getByTestId("impact-summary")).toContainText(
      "3 of 3 stored identities would change",
    );
    await expect(approverPage.getByText("3 × off → on")).toBeVisible();
    await approve(approverPage).click();
    await expect(approve(approverPage)).toBeDisabled();
    await expect(approve(approverPage)).toHaveAccessibleDescription("You approved this request.");

    // The author commits.
    await page.reload();
    await expect(commit).toBeEnabled();
    await commit.click();
    await expect(page.getByText("Committed", { exact: true }).first()).toBeVisible();

    const served = async () => {
      const flags = await call<{ feature: { name: string }; enabled: boolean }[]>(request, "/api/v1/flags/", {
        envKey: s.envKey,
      });
      return flags.body.find((f) => f.feature.name === "new_checkout")?.enabled;
    };
    await expect.poll(served).toBe(true);

    await page.goto(envPath(s, "audit-log"));
    await expect(
      page.getByRole("list", { name: "Audit log" }).getByText(`Change Request: ${title} committed`),
    ).toBeVisible();
    await expect
      .poll(() => deliveries.some((d) => d.includes("FLAG_UPDATED") && d.includes("new_checkout")), {
        timeout: 15_000,
      })
      .toBe(true);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
