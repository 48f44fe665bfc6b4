// Issue 18: the real OpenFeature web provider (@openfeature/ofrep-web-provider with
// @openfeature/web-sdk) in Chromium, bundled here with esbuild into a blank page, so its bulk
// evaluation crosses origins as a real app's would (CORS on the OFREP endpoints).
import { expect, test } from "@playwright/test";
import { build } from "esbuild";
import { createFeature, createSegmentOverride, seed } from "./support/api";

const entry = `
import { OpenFeature } from "@openfeature/web-sdk";
import { OFREPWebProvider } from "@openfeature/ofrep-web-provider";
window.runOfrep = async (baseUrl, envKey) => {
  const provider = new OFREPWebProvider({ baseUrl, headers: [["X-Environment-Key", envKey]], cacheMode: "disabled" });
  await OpenFeature.setContext({ targetingKey: "web-user", plan: "gold" });
  await OpenFeature.setProviderAndWait(provider);
  const client = OpenFeature.getClient();
  const read = () => ({
    onOff: client.getBooleanValue("web_on", false),
    off: client.getBooleanDetails("web_off", true),
    text: client.getStringValue("web_text", "x"),
    number: client.getNumberValue("web_number", 0),
    object: client.getObjectValue("web_object", {}),
    banner: client.getStringDetails("web_banner", "none"),
    split: client.getStringDetails("web_colour", "none"),
    missing: client.getStringDetails("web_missing", "fallback"),
  });
  const gold = read();
  await OpenFeature.setContext({ targetingKey: "web-user", plan: "free" });
  const free = read();
  return { gold, free };
};
`;

test("the OFREP web provider evaluates every flag type in the browser", async ({
  page,
  context,
  baseURL,
}) => {
  const s = await seed(context);
  const feature = (body: Record<string, unknown>) => createFeature(page.request, s, body);
  await feature({ name: "web_on", default_enabled: true });
  await feature({ name: "web_off", default_enabled: false });
  await feature({ name: "web_text", default_enabled: true, initial_value: "hello" });
  await feature({ name: "web_number", default_enabled: true, initial_value: "12" });
  await feature({ name: "web_object", default_enabled: true, initial_value: '{"theme":"dark"}' });
  await feature({
    name: "web_colour",
    default_enabled: true,
    initial_value: "grey",
    multivariate_options: [{ type: "unicode", string_value: "blue", default_percentage_allocation: 100 }],
  });
  const banner = await feature({ name: "web_banner", default_enabled: true, initial_value: "standard" });
  await createSegmentOverride(page.request, s, {
    featureId: banner.id,
    segmentName: "gold",
    condition: { property: "plan", operator: "EQUAL", value: "gold" },
    value: "gold-banner",
  });

  const bundle = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  // A page on another origin (localhost, where the server is 127.0.0.1), as an app's would be:
  // the browser checks CORS on every OFREP call, preflight included. The page must come from
  // this loopback server (Chromium refuses a page of unknown address space access to loopback)
  // and must not be one of Ensign's own pages, whose CSP allows no calls to other origins: an
  // SDK answer (served by the fast lane, JSON, no CSP) is such a page.
  await page.goto(baseURL!.replace("127.0.0.1", "localhost") + "/api/v1/flags/");
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const result = await page.evaluate(
    ([base, key]) =>
      (window as unknown as { runOfrep: (b: string, k: string) => Promise<unknown> }).runOfrep(base, key),
    [baseURL!, s.envKey],
  );
  expect(result).toMatchObject({
    gold: {
      onOff: true,
      off: { value: false, reason: "DISABLED" },
      text: "hello",
      number: 12,
      object: { theme: "dark" },
      banner: { value: "gold-banner", reason: "TARGETING_MATCH" },
      split: { value: "blue", reason: "SPLIT" },
      missing: { value: "fallback", errorCode: "FLAG_NOT_FOUND" },
    },
    free: { banner: { value: "standard", reason: "DEFAULT" } },
  });
});
