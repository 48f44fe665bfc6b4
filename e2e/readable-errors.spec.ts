// Issue 30 item 10: errors in people's words. An empty sign-in form is not a wrong password,
// a bad webhook URL is told at the URL field, and a failed webhook test is one clear line.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { envPath, seed, signUp } from "./support/api";

test("an empty sign-in form asks for the email and password without asking the server", async ({ page }) => {
  await signUp(page.request); // an account exists, so /login/ is not the first-run page
  const signIns: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/callback/")) signIns.push(request.url());
  });
  await page.goto("/login/");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter your email and password." })).toBeVisible();
  await expect(page.getByText("Email or password is incorrect.")).toHaveCount(0);

  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter your password." })).toBeVisible();
  expect(signIns).toEqual([]);
});

test("webhook errors: a bad URL at its field, a failed test in one line", async ({ page, context }) => {
  const s = await seed(context);
  await page.goto(envPath(s, "settings"));
  const urlInput = page.getByLabel("Webhook URL");
  await urlInput.fill("not a url");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(urlInput).toHaveAttribute("aria-invalid", "true");
  await expect(urlInput).toHaveAccessibleDescription("Enter a valid URL.");
  await expect(page.getByText(/url: /i)).toHaveCount(0);

  // A loopback port nobody listens on: the test cannot be delivered.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const url = `http://127.0.0.1:${port}/hook`;
  await urlInput.fill(url);
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(urlInput).not.toHaveAttribute("aria-invalid", "true");
  const row = page.getByRole("list", { name: "Webhooks" }).getByRole("listitem").filter({ hasText: url });
  await row.getByRole("button", { name: "Send test" }).click();
  await expect(row.getByRole("status")).toHaveText(
    `The test was not delivered: ${url} did not answer with a 2xx status. Check the address and that the receiver is running.`,
    { timeout: 30_000 },
  );
  await row.getByRole("button", { name: "Deliveries" }).click();
  await expect(
    row.getByText("No changes sent yet. Tests are answered above, not logged here."),
  ).toBeVisible();
  await expect(row.getByText("Nothing sent yet.")).toHaveCount(0);
});
