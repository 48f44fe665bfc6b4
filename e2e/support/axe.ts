// axe for the specs that check a page or a part of it: every rule axe runs by default (WCAG 2
// A and AA and its best practices), none disabled. Only the violations come back in full
// (`resultTypes`): the passes, which no spec reads, were most of axe's time on large pages.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export function axe(page: Page) {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}
