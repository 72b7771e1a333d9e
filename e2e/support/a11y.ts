import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the current page: no violation of impact serious or critical. Transitions
 * under way are waited for first (a few seconds at most): a toast still fading in would
 * be measured half-drawn, its contrast too low for a moment that no one reads.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(report, "serious or critical axe violations").toEqual([]);
}

/**
 * Reflow (WCAG 1.4.10): at the current viewport the page does not scroll sideways. Asked
 * until it holds (a few seconds): just after a resize the app may still be swapping the
 * desktop layout for the phone's, and only what stays counts.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: "the page scrolls sideways (pixels beyond the viewport)" },
    )
    .toBeLessThanOrEqual(0);
}
