/**
 * Extra shifts in the browser: the days the cards show, a leader making and publishing a
 * shift through 'Ny ekstravakt', interest through the card, and 'Tildel automatisk'.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../../common/domain/norwegian-date.ts";
import { osloDate } from "../../common/domain/oslo-time.ts";
import { ui } from "../../common/texts/ui.ts";
import { expect, impersonate } from "./fixtures.ts";

const dayMs = 86_400_000;
export const dayAhead = (days: number) => osloDate(new Date(Date.now() + days * dayMs));
/** `tir. 24.11` as the cards write the day */
const cardDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** A browser context of its own, signed in as `email`, at `path`. */
export async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  path: string,
  viewport = { width: 1440, height: 900 },
) {
  const context = await browser.newContext({ baseURL, viewport, locale: "nb-NO", timezoneId: "Europe/Oslo" });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

/** The card of the shift on `date` at `times` ('07:00–15:00'). */
export const shiftCard = (page: Page, date: string, times = "07:00–15:00") =>
  page.getByRole("article").filter({ hasText: `${cardDay(date)} · ${times}` });

/** The leader makes an 'Ekstravakt anestesi' on `date` and publishes it at once. */
export async function createAndPublish(leader: Page, date: string, from = "07:00", to = "15:00") {
  await leader.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  const dialog = leader.getByRole("dialog", { name: "Ny ekstravakt" });
  await dialog.getByLabel("Dato").fill(formatNorwegianDate(date));
  await dialog.getByLabel("Fra").fill(from);
  await dialog.getByLabel("Til").fill(to);
  await dialog.getByLabel("Type vakt").selectOption("Ekstravakt anestesi");
  await dialog.getByLabel("Sted").selectOption("Operasjon 3");
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(leader.getByText("Ekstravakt opprettet").first()).toBeVisible();
  await leader.getByRole("button", { name: "Publiser nå" }).click();
  await expect(leader.getByText("Ekstravakt publisert").first()).toBeVisible();
}

/** Registers interest on the card of `date` among the open shifts. */
export async function registerInterest(page: Page, date: string) {
  await page.goto("/shifts/open");
  await shiftCard(page, date).getByRole("button", { name: "Jeg er interessert" }).click();
  await expect(page.getByText("Din interesse er registrert for ekstravakten").first()).toBeVisible();
  await expect(shiftCard(page, date).getByRole("button", { name: "Trekk interesse" })).toBeVisible();
}

/**
 * The leader presses 'Tildel automatisk' once `interested` people are; the dialog that
 * asks first says `preview` ('2 interesserte, 2 kan tildeles'). Returns the winner's
 * name, with the outcome dialog left open.
 */
export async function assign(leader: Page, date: string, interested: number, preview: string) {
  const shift = shiftCard(leader, date);
  // The interest reaches the leader's open page live.
  await expect(shift).toContainText(ui.shifts.card.interestCount(interested));
  await shift.getByRole("button", { name: "Tildel automatisk" }).click();
  const asks = leader.getByRole("dialog", { name: "Tildele vakten automatisk?" });
  await expect(asks).toContainText(preview);
  await asks.getByRole("button", { name: "Tildel", exact: true }).click();
  const outcome = leader.getByRole("dialog", { name: "Tildeling fullført" });
  const winnerName = outcome.locator("dt", { hasText: "Tildelt til" }).locator("+ dd");
  await expect(winnerName).not.toBeEmpty();
  const winner = (await winnerName.textContent())!.trim();
  // An earlier assignment's toast may still show: this one names this winner.
  await expect(leader.getByText(`Tildelt til ${winner}. Varsler sendt.`).first()).toBeVisible();
  return winner;
}
