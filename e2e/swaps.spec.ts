/**
 * Shift swaps (issue: swaps), each person in a browser of their own:
 * - a give-away: Kari offers a shift to the department, Ola claims it ('Meld interesse'),
 *   Kari accepts in 'Venter svar', Lars approves; the shift is Ola's, both are told, and
 *   Kari's 'Historikk' says 'Godkjent';
 * - an exchange: Kari offers a swap-required shift, Ola and Sofie each propose one of
 *   theirs, Kari accepts Ola's, Lars approves; the two shifts change hands and Sofie's
 *   proposal ends as 'Avslått';
 * - the filters of 'Mine tilbud' narrow, the counter follows, 'Nullstill' restores.
 *
 * Shifts are described in the dialog, on dates about a month ahead that no other spec uses.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../common/domain/norwegian-date.ts";
import { osloDate } from "../common/domain/oslo-time.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const dayMs = 86_400_000;
const dayAhead = (days: number) => osloDate(new Date(Date.now() + days * dayMs));
/** `24.11` as the cards write the day */
const cardDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  path: string,
  viewport = { width: 1280, height: 900 },
) {
  const context = await browser.newContext({ baseURL, locale: "nb-NO", timezoneId: "Europe/Oslo", viewport });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

/** A card (offer or deal) of the shift on `date` with these hours. */
const card = (page: Page, date: string, hours: string) =>
  page.getByRole("article").filter({ hasText: `${cardDay(date)} · ${hours}` });

interface Described {
  title: string;
  date: string;
  hours: string;
  giveaway?: boolean;
  /** seen by me alone; an offer is for the department unless told */
  privately?: boolean;
}

/**
 * 'Nytt tilbud' with a described shift (its usual hours filled in from the title): a
 * give-away is one choice at the top, 'Gi bort'; the department sees it unless 'Privat'.
 */
async function offer(page: Page, shift: Described) {
  await page.goto("/shifts/swaps");
  await page.getByRole("button", { name: "Nytt tilbud" }).click();
  const dialog = page.getByRole("dialog", { name: "Opprett tilbud" });
  // The form opens once my shifts are known; with some, 'Beskriv vakten' is a choice.
  await expect(dialog.getByRole("button", { name: "Opprett tilbud" })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /^Bytt/ })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: /^Avdeling/ })).toBeChecked();
  if (shift.giveaway) await dialog.getByRole("radio", { name: /^Gi bort/ }).check();
  if (shift.privately) await dialog.getByRole("radio", { name: /^Privat/ }).check();
  const describe = dialog.getByRole("radio", { name: "Beskriv vakten" });
  if ((await describe.count()) > 0) await describe.check();
  await dialog.getByLabel("Tittel").selectOption({ label: shift.title });
  await dialog.getByLabel("Startdato").fill(formatNorwegianDate(shift.date));
  await dialog.getByLabel("Lokasjon").selectOption({ label: "Anestesi" });
  await dialog.getByRole("button", { name: "Opprett tilbud" }).click();
  await expect(page.getByText("Tilbud opprettet").first()).toBeVisible();
  await expect(card(page, shift.date, shift.hours)).toBeVisible();
}

/** A line of a deal: 'Kari → Ola: Dagvakt lør. 05.12 · 07:00–15:00'. */
const moves = (giver: string, receiver: string, title: string, date: string, hours: string) =>
  `${giver} → ${receiver}: ${title} ${new Intl.DateTimeFormat("nb-NO", { weekday: "short", timeZone: "Europe/Oslo" }).format(new Date(`${date}T12:00:00Z`))} ${cardDay(date)} · ${hours}`;

/** Lars approves the deal, which reads who gives what to whom. */
async function approveAsLars(lars: Page, date: string, hours: string, reads: string[]) {
  await lars.goto("/shifts/swaps/admin");
  const deal = card(lars, date, hours);
  await expect(deal).toBeVisible();
  for (const line of reads) await expect(deal).toContainText(line);
  await expectNoSeriousViolations(lars);
  await deal.getByRole("button", { name: "Godkjenn", exact: true }).click();
  await expect(lars.getByText("Vaktbytte godkjent").first()).toBeVisible();
  await expect(deal).toHaveCount(0);
}

/** The shift on `date` is among the person's 'Mine tildelte'. */
async function holds(page: Page, date: string, hours: string) {
  await page.goto("/shifts/assigned");
  await expect(card(page, date, hours)).toBeVisible();
}

test("a give-away: claimed, accepted, approved; the shift is Ola's and both are told", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const date = dayAhead(30);
  const hours = "07:00–15:00";
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/swaps");
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/swaps?tab=market");
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/swaps/admin");

  await offer(kari, { title: "Dagvakt", date, hours, giveaway: true });
  // A give-away asks nothing back: Kari's card has no wishes.
  await expect(card(kari, date, hours)).toContainText("Kan gis bort");
  await expect(card(kari, date, hours)).not.toContainText("Ønsker");

  // The offer, made with one choice, reaches Ola's open market without a reload.
  const onMarket = card(ola, date, hours);
  await expect(onMarket).toBeVisible();
  await expect(onMarket).toContainText("Gi bort");
  await expect(onMarket).toContainText("Kan gis bort");
  await expectNoSeriousViolations(ola);
  await onMarket.getByRole("button", { name: "Meld interesse" }).click();
  await expect(ola.getByText("Du har meldt interesse for å ta over vakten").first()).toBeVisible();
  await expect(onMarket.getByRole("button", { name: "Meld interesse" })).toHaveCount(0);

  await kari.getByRole("tab", { name: /^Venter svar/ }).click();
  const waiting = card(kari, date, hours);
  await expect(waiting).toContainText("Du → Ola: Dagvakt");
  await waiting.getByRole("button", { name: "Godta" }).click();
  await expect(kari.getByText("Forslaget er godtatt").first()).toBeVisible();

  await approveAsLars(lars, date, hours, [moves("Kari", "Ola", "Dagvakt", date, hours)]);

  await holds(ola, date, hours);
  for (const page of [kari, ola]) {
    const bell = page.getByRole("button", { name: /^Varsler(,|$)/ });
    await bell.click();
    await expect(page.getByRole("listitem", { name: "Vaktbytte godkjent" }).first()).toBeVisible();
    await page.keyboard.press("Escape");
  }

  await kari.goto("/shifts/swaps?tab=history");
  await expect(card(kari, date, hours)).toContainText("Godkjent");
  await kari.screenshot({ path: "test-results/screenshots/swaps-history-1280x900.png" });
});

test("an exchange: Kari accepts Ola's proposal, Lars approves, Sofie's ends as 'Avslått'", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const kariDate = dayAhead(33);
  const olaDate = dayAhead(35);
  const sofieDate = dayAhead(37);
  const day = "07:00–15:00";
  const evening = "15:00–23:00";
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/swaps");
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/swaps");
  const sofie = await openAs(browser, baseURL, demo.secretary.email, "/shifts/swaps");
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/swaps/admin");

  await offer(kari, { title: "Dagvakt", date: kariDate, hours: day });
  // Ola and Sofie each hold a shift of their own to give (a private offer describes it).
  await offer(ola, { title: "Kveldsvakt", date: olaDate, hours: evening, privately: true });
  await offer(sofie, { title: "Kveldsvakt", date: sofieDate, hours: evening, privately: true });

  for (const [page, date] of [
    [ola, olaDate],
    [sofie, sofieDate],
  ] as const) {
    await page.goto("/shifts/swaps?tab=market");
    await card(page, kariDate, day).getByRole("button", { name: "Foreslå bytte" }).click();
    const dialog = page.getByRole("dialog", { name: "Foreslå vaktbytte" });
    // Nothing chosen yet: the dialog says what is missing.
    await dialog.getByRole("button", { name: "Foreslå bytte" }).click();
    await expect(page.getByText("Velg en vakt å bytte med.").first()).toBeVisible();
    await dialog.getByRole("radio", { name: new RegExp(cardDay(date)) }).check();
    await dialog.getByRole("button", { name: "Foreslå bytte" }).click();
    await expect(page.getByText("Vaktbytte foreslått!").first()).toBeVisible();
  }

  await kari.getByRole("tab", { name: /^Venter svar/ }).click();
  const fromOla = card(kari, kariDate, day).filter({ hasText: "Du → Ola" });
  await fromOla.getByRole("button", { name: "Godta" }).click();
  await expect(kari.getByText("Forslaget er godtatt").first()).toBeVisible();

  await approveAsLars(lars, kariDate, day, [
    moves("Kari", "Ola", "Dagvakt", kariDate, day),
    moves("Ola", "Kari", "Kveldsvakt", olaDate, evening),
  ]);

  // The two shifts changed hands.
  await holds(ola, kariDate, day);
  await holds(kari, olaDate, evening);
  await sofie.goto("/shifts/swaps?tab=history");
  const sofiesDeal = card(sofie, kariDate, day);
  await expect(sofiesDeal).toContainText("Avslått");
  await expect(sofiesDeal).toContainText("Et annet forslag på samme tilbud ble godkjent.");
});

test("the filters of 'Mine tilbud' narrow, count and reset; the page fits a phone", async ({
  browser,
  baseURL,
}) => {
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/swaps");
  await offer(kari, {
    title: "Nattevakt",
    date: dayAhead(40),
    hours: "23:00–07:00 (+1 dag)",
    giveaway: true,
  });
  await offer(kari, { title: "Dagvakt", date: dayAhead(41), hours: "07:00–15:00" });

  const counter = kari.getByText(/^\d+ av \d+ tilbud$/);
  const total = Number(/av (\d+)/.exec((await counter.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(counter).toHaveText(`${total} av ${total} tilbud`);

  const filters = kari.getByRole("region", { name: "Filtrer tilbud" });
  await filters.getByRole("button", { name: "Gi bort" }).click();
  await expect(card(kari, dayAhead(41), "07:00–15:00")).toHaveCount(0);
  await expect(card(kari, dayAhead(40), "23:00–07:00")).toBeVisible();
  const narrowed = Number(/^(\d+)/.exec((await counter.textContent()) ?? "")?.[1]);
  expect(narrowed).toBeLessThan(total);

  await filters.getByRole("searchbox", { name: "Søk i tilbud..." }).fill("finnes-ikke");
  await expect(kari.getByText("Ingen treff")).toBeVisible();
  await expect(counter).toHaveText(`0 av ${total} tilbud`);

  await filters.getByRole("button", { name: "Nullstill" }).click();
  await expect(counter).toHaveText(`${total} av ${total} tilbud`);
  await expect(card(kari, dayAhead(41), "07:00–15:00")).toBeVisible();
  await expectNoSeriousViolations(kari);

  // The phone layout from its first render (the shell picks it when the page loads).
  await kari.setViewportSize({ width: 375, height: 812 });
  await kari.reload();
  await expect(counter).toHaveText(`${total} av ${total} tilbud`);
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: "test-results/screenshots/swaps-mine-375x812.png", fullPage: true });
  await kari.getByRole("button", { name: "Nytt tilbud" }).click();
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: "test-results/screenshots/swaps-create-375x812.png" });
});
