/**
 * The phone (375×812): every visible button, link and form control on chat (department,
 * a DM, a channel), shifts, swaps (each tab), /admin/users and the profile is at least
 * 44×44 px (WCAG 2.5.5), the header says the page once and whole, a DM thread and a
 * channel have a way back, and the swap filters wait behind one 'Filter' button.
 *
 * What is measured, and the stated exceptions:
 * - every element a finger can press: links, buttons, inputs, selects, text areas and
 *   the ARIA roles of the same; its border box (getBoundingClientRect);
 * - a radio button or checkbox inside its <label> is pressed through the label, so the
 *   label's box is measured (the target is the label: WCAG 2.5.8 "equivalent");
 * - a link that runs inline inside a sentence (display inline, with text of the sentence
 *   around it) is exempt (WCAG 2.5.8 "inline");
 * - what is visually hidden (clipped to 1×1, as 'Hopp til innhold' until focused) is not
 *   a target until it is shown.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../common/domain/norwegian-date.ts";
import { osloDate } from "../common/domain/oslo-time.ts";
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const phone = { width: 375, height: 812 };
const minTarget = 44;

/** Each visible target under 44×44: 'button "Meny" 40×40'. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="combobox"]',
      '[role="option"]',
    ].join(",");
    const nameOf = (el: Element) => {
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
      const kind = el.getAttribute("role") ?? el.tagName.toLowerCase();
      const type = el instanceof HTMLInputElement ? `[${el.type}]` : "";
      return `${kind}${type} "${name.slice(0, 40)}"`;
    };
    /** Inside a sentence: inline, with the sentence's own text around it. */
    const inlineInProse = (el: Element) =>
      el.tagName === "A" &&
      getComputedStyle(el).display === "inline" &&
      (el.parentElement?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
    const offenders: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.closest("[inert], [aria-hidden='true']")) continue;
      let box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (inlineInProse(el)) continue;
      const label =
        el instanceof HTMLInputElement && ["radio", "checkbox"].includes(el.type) && el.closest("label");
      if (label) box = label.getBoundingClientRect();
      if (Math.round(box.width) < min || Math.round(box.height) < min)
        offenders.push(`${nameOf(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return offenders;
  }, minTarget);
}

async function expectTargets(page: Page, where: string) {
  // The page has settled: no skeleton or 'Laster...' left, so what is measured is what stays.
  await expect(page.locator(".animate-pulse")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /^Laster/ })).toHaveCount(0);
  const offenders = await smallTargets(page);
  expect
    .soft(offenders, `touch targets under ${minTarget}×${minTarget} on ${where}:\n${offenders.join("\n")}`)
    .toEqual([]);
}

/**
 * The mobile header's title: there, whole (not cut with '…'), no word broken but at a
 * soft hyphen, and not repeated below it.
 */
async function expectOneWholeTitle(page: Page, title: string) {
  const header = page.getByTestId("page-title");
  await expect(header).toHaveText(/./);
  expect((await header.textContent())?.replaceAll("\u00AD", "")).toBe(title);
  const cut = await header.evaluate(
    (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
  );
  expect.soft(cut, `the title '${title}' is cut`).toBe(false);
  // Each piece between spaces and soft hyphens (with its hyphen) must fit one line, or
  // the browser breaks a word wherever the line ends ("Direktemeld/inger").
  const widest = await header.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const pieces = (el.textContent ?? "").split(/\s+/).flatMap((word) => {
      const parts = word.split("\u00AD");
      return parts.map((part, i) => (i < parts.length - 1 ? `${part}-` : part));
    });
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { piece: Math.max(...pieces.map((p) => context.measureText(p).width)), room };
  });
  expect.soft(widest.piece, `a word of '${title}' is broken mid-word`).toBeLessThanOrEqual(widest.room);
  // Seen headings only: a heading kept for screen readers (1×1, clipped) is not seen twice.
  const seen = await page.locator("main h1").evaluateAll((hs) =>
    hs
      .filter((h) => {
        const box = h.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && h.checkVisibility();
      })
      .map((h) => h.textContent?.trim()),
  );
  expect.soft(seen, "the header's title repeated as the page's heading").not.toContain(title);
}

async function phoneAs(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({
    baseURL,
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
    viewport: phone,
  });
  const page = await context.newPage();
  await impersonate(page, email);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: screenPath(`${name}-375x812`) });

test("chat on the phone: department, a DM and a channel", async ({ browser, baseURL }) => {
  const kari = await phoneAs(browser, baseURL, demo.kari.email);
  // A reply and a reaction in view: their quote and chip are targets too. Ola answers, so
  // the thread does not end on Kari (a spec after this one expects her next message to
  // open a group of its own).
  const ola = await phoneAs(browser, baseURL, demo.ola.email);
  const post = (page: Page, path: string, data: object = {}) =>
    page.request.post(path, { data, headers: { origin: new URL(baseURL!).origin } }).then((r) => r.json());
  const thread = await post(kari, "/api/chat/department");
  const asked = await post(kari, `/api/chat/threads/${thread.id}/messages`, {
    content: "Hvem har nøkkelen?",
  });
  await post(ola, `/api/chat/threads/${thread.id}/messages`, {
    content: "Den ligger i skuffen",
    replyToId: asked.id,
  });
  await post(ola, `/api/chat/messages/${asked.id}/reactions`, { emoji: "👍" });
  await ola.close();
  await kari.goto("/chat/department");
  await expect(kari.getByRole("textbox").first()).toBeVisible();
  await expect(kari.getByRole("article").filter({ hasText: "Den ligger i skuffen" })).toBeVisible();
  await expectOneWholeTitle(kari, "Avdeling");
  await expectTargets(kari, "/chat/department");
  await shot(kari, "chat-department");

  await kari.goto("/chat/dm");
  await expectOneWholeTitle(kari, "Direktemeldinger");
  await expectTargets(kari, "/chat/dm");
  await kari.getByRole("main").getByRole("button", { name: "Ny melding" }).first().click();
  const pick = kari.getByRole("dialog", { name: "Velg kollega" });
  await expectTargets(kari, "'Velg kollega'");
  await pick.getByRole("button", { name: /Ola Nordmann/ }).click();
  await expect(kari).toHaveURL(/\/chat\/dm\/[0-9a-f-]{36}$/);
  await expect(kari.getByRole("heading", { name: "Ola Nordmann", level: 1 })).toBeVisible();
  await expect(kari.getByRole("textbox").first()).toBeVisible();
  await expectTargets(kari, "a DM thread");
  await shot(kari, "chat-dm");
  await kari.getByRole("link", { name: "Tilbake til direktemeldinger" }).click();
  await expect(kari).toHaveURL(/\/chat\/dm$/);

  const lars = await phoneAs(browser, baseURL, demo.leader.email);
  await lars.goto("/chat/channels");
  await expectOneWholeTitle(lars, "Kanaler");
  await expectTargets(lars, "/chat/channels");
  await lars.getByRole("button", { name: "Ny kanal" }).click();
  const create = lars.getByRole("dialog", { name: "Opprett kanal" });
  await create.getByRole("textbox", { name: "Navn" }).fill(`Telefon ${Date.now().toString(36)}`);
  await expectTargets(lars, "'Opprett kanal'");
  await create.getByRole("button", { name: "Opprett kanal" }).click();
  await expect(lars).toHaveURL(/\/chat\/channel\/[0-9a-f-]{36}$/);
  await expect(lars.getByRole("textbox").first()).toBeVisible();
  await expectTargets(lars, "a channel");
  await shot(lars, "chat-channel");
  await lars.getByRole("link", { name: "Tilbake til kanaler" }).click();
  await expect(lars).toHaveURL(/\/chat\/channels$/);
});

test("shifts, users and profile on the phone", async ({ browser, baseURL }) => {
  const kari = await phoneAs(browser, baseURL, demo.kari.email);
  for (const [path, title] of [
    ["/shifts/open", "Ekstravakter"],
    ["/shifts/assigned", "Mine vakter"],
    ["/profile", "Min profil"],
  ] as const) {
    await kari.goto(path);
    await expect(kari.locator("#main")).not.toBeEmpty();
    await expectOneWholeTitle(kari, title);
    await expectTargets(kari, path);
    await shot(kari, path.slice(1).replaceAll("/", "-"));
  }
  // The leader's duty roles (one day at a time on a phone) and the urgent overview.
  const lars = await phoneAs(browser, baseURL, demo.leader.email);
  for (const [path, title] of [
    ["/admin/duty", "Vaktroller"],
    ["/admin/urgent", "Haster"],
  ] as const) {
    await lars.goto(path);
    await expect(lars.locator("#main")).not.toBeEmpty();
    await expect(lars.getByRole("status").filter({ hasText: /Laster/ })).toHaveCount(0);
    await expectOneWholeTitle(lars, title);
    await expectTargets(lars, path);
    await shot(lars, path.slice(1).replaceAll("/", "-"));
  }
  const admin = await phoneAs(browser, baseURL, demo.admin.email);
  await admin.goto("/admin/users");
  await expect(admin.getByRole("table").or(admin.getByRole("list")).first()).toBeVisible();
  await expectOneWholeTitle(admin, "Ansatte");
  await expectTargets(admin, "/admin/users");
  // Every tab in sight: they wrap rather than scroll sideways out of reach.
  for (const tab of await admin.getByRole("tab").all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await shot(admin, "admin-users");
});

test("swaps on the phone: a give-away in one choice, filters behind 'Filter', every tab reachable", async ({
  browser,
  baseURL,
}) => {
  const date = osloDate(new Date(Date.now() + 45 * 86_400_000));
  /** the card of this give-away: 'søn. 11.01 · 07:00–15:00' */
  const giveaway = (page: Page) =>
    page.getByRole("article").filter({ hasText: `${date.slice(8, 10)}.${date.slice(5, 7)} · 07:00–15:00` });
  const kari = await phoneAs(browser, baseURL, demo.kari.email);
  await kari.goto("/shifts/swaps");
  await expectOneWholeTitle(kari, "Vaktbytte");

  await kari.getByRole("button", { name: "Nytt tilbud" }).click();
  const dialog = kari.getByRole("dialog", { name: "Opprett tilbud" });
  await expect(dialog.getByRole("radio", { name: /^Bytt/ })).toBeFocused();
  await expectTargets(kari, "'Opprett tilbud'");
  await expectNoSeriousViolations(kari);
  await shot(kari, "swaps-new-offer");
  // A described shift: its dates and the wished ones as dd.mm.åååå, each with a calendar.
  const describing = dialog.getByRole("radio", { name: "Beskriv vakten" });
  if ((await describing.count()) > 0) await describing.check();
  await dialog.getByLabel("Startdato").fill(formatNorwegianDate(date));
  await dialog.getByLabel("Startdato").blur();
  await expect(dialog.getByLabel("Sluttdato")).toHaveValue(formatNorwegianDate(date));
  await expectTargets(kari, "'Opprett tilbud' describing a shift");
  await shot(kari, "swaps-new-describe");
  await dialog.getByLabel("Ønsket fra dato").scrollIntoViewIfNeeded();
  await dialog
    .getByLabel("Ønsket fra dato")
    .locator("xpath=..")
    .getByRole("button", { name: "Åpne kalender" })
    .click();
  const calendar = kari.getByRole("dialog", { name: "Åpne kalender" });
  await expect(calendar.getByRole("table")).toBeVisible();
  await expectTargets(kari, "the calendar of 'Ønsket fra dato'");
  await shot(kari, "swaps-new-calendar");
  await kari.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: /^Gi bort/ }).check();
  await expect(dialog.getByRole("group", { name: "Hva ønsker du deg?" })).toHaveCount(0);
  const describe = dialog.getByRole("radio", { name: "Beskriv vakten" });
  if ((await describe.count()) > 0) await describe.check();
  await dialog.getByLabel("Tittel").selectOption({ label: "Dagvakt" });
  await dialog.getByLabel("Startdato").fill(formatNorwegianDate(date));
  await shot(kari, "swaps-new-giveaway");
  await dialog.getByRole("button", { name: "Opprett tilbud" }).click();
  await expect(kari.getByText("Tilbud opprettet").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast fades out over the page: axe would judge its text mid-fade, half transparent.
  await expect(kari.getByText("Tilbud opprettet")).toHaveCount(0, { timeout: 10_000 });

  // The offers on the first screen; the filters wait behind one button.
  await expect(kari.getByRole("article").first()).toBeInViewport();
  const filter = kari.getByRole("button", { name: /^Filter/ });
  await expect(filter).toHaveAttribute("aria-expanded", "false");
  await expect(kari.getByRole("searchbox", { name: "Søk i tilbud..." })).toBeHidden();
  await expectTargets(kari, "'Mine tilbud'");
  await shot(kari, "swaps-mine");
  await filter.click();
  await expect(kari.getByRole("searchbox", { name: "Søk i tilbud..." })).toBeVisible();
  await expectTargets(kari, "'Mine tilbud' with its filters open");
  await expectNoSeriousViolations(kari);
  await kari.getByRole("region", { name: "Filtrer tilbud" }).getByRole("button", { name: "Gi bort" }).click();
  await expect(filter).toHaveText("Filter (1)");

  // Ola claims it, so 'Venter svar' has Kari's answer buttons to measure.
  const ola = await phoneAs(browser, baseURL, demo.ola.email);
  await ola.goto("/shifts/swaps?tab=market");
  await expectTargets(ola, "Ola's 'På markedet'");
  await giveaway(ola).getByRole("button", { name: "Meld interesse" }).click();
  await expect(ola.getByText("Interesse meldt").first()).toBeVisible();

  for (const tab of ["På markedet", "Venter svar", "Historikk", "Mine tilbud"]) {
    const trigger = kari.getByRole("tab", { name: new RegExp(`^${tab}`) });
    // Reachable: wholly on the screen without scrolling sideways, and pressable.
    await expect(trigger).toBeInViewport({ ratio: 1 });
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-selected", "true");
    if (tab === "Venter svar")
      await expect(giveaway(kari).getByRole("button", { name: "Godta" })).toBeVisible();
    await expectTargets(kari, `'${tab}'`);
    await shot(kari, `swaps-${tab.toLowerCase().replaceAll(" ", "-").replaceAll("å", "a")}`);
  }

  await kari.getByRole("tab", { name: /^Venter svar/ }).click();
  await giveaway(kari).getByRole("button", { name: "Godta" }).click();
  await expect(kari.getByText("Forslaget er godtatt").first()).toBeVisible();

  const lars = await phoneAs(browser, baseURL, demo.leader.email);
  await lars.goto("/shifts/swaps/admin");
  await expect(giveaway(lars).getByRole("button", { name: "Godkjenn", exact: true })).toBeVisible();
  await expectTargets(lars, "/shifts/swaps/admin");
  await shot(lars, "swaps-admin");
});
