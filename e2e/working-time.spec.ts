/**
 * Working time (issue 28). The demo puts Ola (80 %) near the 4-week overtime limit: the
 * 12-hour 'Beredskapsvakt' in four days would take him over it. On his phone he sees
 * why before anything is registered. Then Lars publishes two day shifts, on day 3 and
 * day 4; Ola may still take either and registers for both, Kari for day 4. Lars assigns
 * day 3 to Ola, the only one interested; that brings him over the limit for day 4, so
 * the automatic assignment skips him there and 'Se full audit' says why, in figures.
 */
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";
import { assign, createAndPublish, dayAhead, openAs, registerInterest, shiftCard } from "./support/shifts.ts";

// A server of its own: what other specs give Ola would change his hours.
test.use({ serverEnv: envs.workTime });

const overtime4Weeks = /Overtid \d+(,\d)? t siste 4 uker \(grense 25 t\)/;

test("Ola sees why he cannot take a shift; the assignment skips him and says why", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const phone = { width: 375, height: 812 };
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/open", phone);

  // Before registering: the rules refuse, with the rule and his figures; nothing is registered.
  const standby = ola.getByRole("article").filter({ hasText: "Beredskapsvakt" });
  await standby.getByRole("button", { name: "Jeg er interessert" }).click();
  const refusal = standby.getByRole("alert");
  await expect(refusal).toContainText("Du kan ikke ta denne vakten:");
  await expect(refusal).toContainText(overtime4Weeks);
  await expect(standby.getByRole("button", { name: "Jeg er interessert" })).toBeVisible();
  await expect(ola.getByText("Din interesse er registrert for ekstravakten")).toHaveCount(0);
  await expectNoSidewaysScroll(ola);
  await expectNoSeriousViolations(ola);
  await ola.screenshot({ path: "test-results/screenshots/work-refusal-375x812.png" });

  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/open");
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/open");
  const day3 = dayAhead(3);
  const day4 = dayAhead(4);
  await createAndPublish(lars, day3);
  await createAndPublish(lars, day4);
  await registerInterest(ola, day3);
  await registerInterest(ola, day4);
  await registerInterest(kari, day4);

  expect(await assign(lars, day3, 1, "1 interessert, 1 kan tildeles")).toBe(demo.ola.name);
  await lars
    .getByRole("dialog", { name: "Tildeling fullført" })
    .getByRole("button", { name: "Lukk" })
    .last()
    .click();

  // Day 4: Ola is still interested, but day 3 took him over the 4-week limit.
  const winner = await assign(lars, day4, 2, "2 interesserte, 1 kan tildeles");
  expect(winner).toBe(demo.kari.name);
  const outcome = lars.getByRole("dialog", { name: "Tildeling fullført" });
  await outcome.getByRole("button", { name: "Se full audit" }).click();
  const olaRow = outcome.getByRole("row").filter({ hasText: demo.ola.name });
  await expect(olaRow).toContainText(overtime4Weeks);
  await expect(olaRow).toContainText("80 %");
  await expectNoSeriousViolations(lars);
  await lars.screenshot({ path: "test-results/screenshots/work-audit-1440x900.png" });
  await outcome.getByRole("button", { name: "Lukk" }).last().click();

  // Ola holds day 3, not day 4, and sees his place in the queue and the rule.
  await ola.goto("/shifts/assigned");
  await expect(shiftCard(ola, day3)).toBeVisible();
  await expect(shiftCard(ola, day4)).toHaveCount(0);
  const queue = ola.getByRole("region", { name: "Din plass i køen" });
  await expect(queue).toContainText(/Du er nr\. \d+ av \d+ i køen/);
  await expect(queue).toContainText("Slik fordeles ekstravakter");
  await expectNoSidewaysScroll(ola);
  await ola.screenshot({ path: "test-results/screenshots/work-queue-375x812.png", fullPage: true });

  for (const page of [lars, kari, ola]) await page.context().close();
});
