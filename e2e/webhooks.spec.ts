import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("add an environment webhook, send a test, and see a retried delivery in its log", async ({
  page,
  context,
}) => {
  const bodies: { body: string; signature: string | undefined }[] = [];
  let failuresLeft = 0;
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      bodies.push({ body, signature: req.headers["x-flagsmith-signature"] as string | undefined });
      res.writeHead(failuresLeft-- > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const s = await seed(context);
    await page.goto(envPath(s, "settings"));
    await page.getByLabel("Webhook URL").fill(url);
    await page.getByLabel("Webhook secret").fill("shh");
    await page.getByRole("button", { name: "Add webhook" }).click();
    const row = page.getByRole("list", { name: "Webhooks" }).getByRole("listitem").filter({ hasText: url });
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: "Send test" }).click();
    await expect(row.getByRole("status")).toHaveText("Webhook test successful");
    const test = bodies[0];
    expect(test.signature).toBe(createHmac("sha256", "shh").update(test.body).digest("hex"));

    // A real change, answered first with a 500: the log shows the retry.
    failuresLeft = 1;
    await call(context.request, `/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: "hooked" },
    });
    const states = await call<{ results: { id: number }[] }>(
      context.request,
      `/api/v1/environments/${s.envKey}/featurestates/?feature_name=hooked`,
      { token: s.token },
    );
    await call(
      context.request,
      `/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`,
      {
        token: s.token,
        method: "PATCH",
        body: { enabled: true },
      },
    );
    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = row.getByRole("list", { name: "Deliveries" });
    await expect(log).toContainText("DELIVERED", { timeout: 15_000 });
    await expect(log).toContainText("HTTP 500 → HTTP 200");
    await expect(log).toContainText("FLAG_UPDATED");
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
