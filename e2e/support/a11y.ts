import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the current page, once transitions under way are over (a few seconds at
 * most): a toast still fading in would be measured half-drawn, its contrast too low for
 * a moment that no one reads.
 */
async function seriousViolations(page: Page): Promise<string[]> {
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
  return serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
}

/**
 * No violation of impact serious or critical on the current page. What axe finds is
 * asked again once: on a slow machine a toast can start fading out while axe reads the
 * page (its title measured half-transparent); what is really wrong is wrong both times.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  let report = await seriousViolations(page);
  if (report.length > 0) report = await seriousViolations(page);
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
