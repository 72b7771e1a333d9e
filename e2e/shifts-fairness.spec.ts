/**
 * Fairness is visible (issue: extra shifts): Lars creates and publishes shift A; Kari and
 * Ola, each in a browser of their own, register interest; Lars assigns it, and the winner
 * finds the notification in the bell and the outcome dialog behind it. Then Lars
 * publishes shift B a day later (16 hours of rest after A, enough for both); both register
 * again, and the one who did not get A gets B.
 *
 * The demo data gives Kari and Ola one extra shift each in the last 90 days, so A is a
 * draw between equals and B is decided by A. The shifts lie three weeks ahead, clear of
 * the demo's own shifts, on a date no other spec uses.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import {
  assign as assignFromCard,
  shiftCard as card,
  createAndPublish,
  dayAhead,
  openAs,
  registerInterest,
} from "./support/shifts.ts";

// A server of its own: other specs assign shifts to Kari and Ola, and fairness counts them.
test.use({ serverEnv: envs.fairness });

/** Lars assigns once both are interested and may be given it; returns the winner's name. */
async function assign(lars: Page, date: string): Promise<string> {
  const winner = await assignFromCard(lars, date, 2, "2 interesserte, 2 kan tildeles");
  expect([demo.kari.name, demo.ola.name]).toContain(winner);
  await lars
    .getByRole("dialog", { name: "Tildeling fullført" })
    .getByRole("button", { name: "Lukk" })
    .last()
    .click();
  return winner;
}

test("the one who did not get shift A gets shift B; the winner sees the bell and the outcome", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dateA = dayAhead(20);
  const dateB = dayAhead(21);
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/open");
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/open");
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/open");
  const people: Record<string, Page> = { [demo.kari.name]: kari, [demo.ola.name]: ola };

  await createAndPublish(lars, dateA);
  await registerInterest(kari, dateA);
  await registerInterest(ola, dateA);
  const winnerA = await assign(lars, dateA);
  const loserA = winnerA === demo.kari.name ? demo.ola.name : demo.kari.name;

  // The winner's bell: the assignment notification opens the outcome dialog.
  const winnerPage = people[winnerA]!;
  const bell = winnerPage.getByRole("button", { name: /^Varsler(,|$)/ });
  await expect(bell).toHaveAccessibleName(/ulest/);
  await bell.click();
  await winnerPage
    .getByRole("listitem", { name: "Du fikk vakten" })
    .first()
    .getByRole("button", { name: "Se tildeling" })
    .click();
  const outcome = winnerPage.getByRole("dialog", { name: "Tildelingsresultat" });
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText("Du er nr. 1 av 2");
  await outcome.getByRole("button", { name: "Hvordan fungerer tildelingen?" }).click();
  await expect(outcome).toContainText("færrest ekstravakter de siste 90 dagene");
  await outcome.getByRole("button", { name: "Se full audit" }).click();
  await expect(outcome.getByRole("table")).toContainText(loserA);
  await expectNoSeriousViolations(winnerPage);
  await winnerPage.screenshot({ path: "test-results/screenshots/shift-outcome-1440x900.png" });
  await outcome.getByRole("button", { name: "Lukk" }).last().click();
  await expect(winnerPage).not.toHaveURL(/outcome=/);

  await lars.reload();
  await createAndPublish(lars, dateB);
  await registerInterest(kari, dateB);
  await registerInterest(ola, dateB);
  expect(await assign(lars, dateB)).toBe(loserA);

  // The loser of A now holds B under 'Mine tildelte'.
  const loserPage = people[loserA]!;
  await loserPage.goto("/shifts/assigned");
  await expect(card(loserPage, dateB)).toBeVisible();
  await expect(card(loserPage, dateA)).toHaveCount(0);

  for (const page of [lars, kari, ola]) await page.context().close();
});

test("at 375×812 the open shifts fit the phone and interest is one tap", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  const page = await context.newPage();
  await impersonate(page, demo.secretary.email);
  await page.goto("/shifts/open");
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "test-results/screenshots/shifts-open-375x812.png", fullPage: false });
  await context.close();
});

test("the admin page shows the counters and the fairness picture", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await impersonate(page, demo.leader.email);
  await page.goto("/shifts/admin");
  await expect(page.getByRole("heading", { name: "Administrere Ekstravakter" })).toBeVisible();
  await expect(page.getByText("Åpne vakter", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Interesserte", { exact: true }).first()).toBeVisible();
  // Every member of the department is in the picture, with their count written out.
  const chart = page.getByRole("table").filter({ hasText: demo.kari.name });
  await expect(chart).toContainText(demo.ola.name);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "test-results/screenshots/shifts-admin-1440x900.png", fullPage: true });
});
