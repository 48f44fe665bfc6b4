// The 390 px rule: a page may scroll down, never sideways. Wide content (tables, code) scrolls
// inside its own container or reflows; only the document's own width is judged.
import { expect, type Page } from "@playwright/test";

export const PHONE = { width: 390, height: 844 } as const;

/** Fails when the document is wider than the viewport, naming the elements that stick out. */
export async function expectFitsViewport(page: Page, label: string) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    // Inside a scrolling or clipping box, unless the element is positioned past it: an
    // absolute element (an sr-only label) escapes every box below its containing block.
    const clipped = (el: HTMLElement) => {
      const absolute = ["absolute", "fixed"].includes(getComputedStyle(el).position);
      let p = absolute ? el.offsetParent : el.parentElement;
      for (; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(el))
      .slice(0, 6)
      .map((el) => {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? "";
        return `<${el.tagName.toLowerCase()} class="${el.className}"> "${name}" to ${Math.round(el.getBoundingClientRect().right)}px`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
  });
  expect(
    overflow.scrollWidth,
    `${label}: the page is ${overflow.scrollWidth}px wide in a ${overflow.clientWidth}px viewport; sticking out:\n${overflow.culprits.join("\n")}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
}
