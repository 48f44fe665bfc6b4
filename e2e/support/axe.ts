// axe for the specs that check a page or a part of it: every rule axe runs by default (WCAG 2
// A and AA and its best practices), none disabled. Only the violations come back in full
// (`resultTypes`): the passes, which no spec reads, were most of axe's time on large pages.
// Legacy mode runs axe in the page itself. The default mode runs it in pieces per frame and
// then opens a new blank page, injects axe's 650 KB there again and joins the pieces in it:
// a new page and a second injection for every check, to support cross-origin iframes, which
// the dashboard has none of (axe still checks same-origin frames in legacy mode).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export function axe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
}
