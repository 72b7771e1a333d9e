/**
 * The department chat between two people, each in a browser of their own: what Kari
 * does reaches Ola's open page without a reload (and back), and a dropped connection
 * loses nothing and doubles nothing. Texts carry a per-test mark, since the server and
 * its department thread are shared with the other tests.
 */
import type { Page, WebSocketRoute } from "@playwright/test";
import { expectNoSidewaysScroll } from "./support/a11y.ts";
import { openChat } from "./support/chat.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => "openedOnce" in window)).toBe(true);

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** The message whose text contains `text`. */
const message = (page: Page, text: string) => page.locator("article", { hasText: text });

/** The same message by id, whatever its text becomes. */
async function sameMessage(page: Page, text: string) {
  const id = await message(page, text).getAttribute("data-message-id");
  expect(id).toBeTruthy();
  return page.locator(`article[data-message-id="${id}"]`);
}

let marks = 0;
/** A text no other test wrote. */
const unique = (text: string) => {
  marks += 1;
  return `${text} (${Date.now().toString(36)}-${marks})`;
};

test("Kari's message appears for Ola within a second, without a reload", async ({ browser, baseURL }) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("Kan noen ta nattevakten på fredag?");
  // Ola writes first, so Kari's message opens a group of its own and shows her name (a
  // message of hers just before would carry it instead).
  const first = unique("God morgen");
  await send(ola, first);
  await expect(message(kari, first)).toBeVisible();

  await send(kari, text);
  await expect(message(ola, text)).toBeVisible({ timeout: 1_000 });
  await expect(message(ola, text)).toContainText("Kari Nordmann");
  await notReloaded(ola);
});

test("an edit shows '(redigert)', a deletion the placeholder, and its undo the text again, for both", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("Møtet er kl. 14");
  await send(kari, text);
  const olaSees = await sameMessage(ola, text);

  // Edit with the keyboard: focus the message, 'e', Enter saves.
  await message(kari, text).focus();
  await kari.keyboard.press("e");
  const editor = kari.getByRole("textbox", { name: "Rediger melding" });
  await editor.press("End");
  await editor.pressSequentially(" i morgen");
  await editor.press("Enter");
  await expect(kari.getByText("Melding oppdatert")).toBeVisible();
  await expect(olaSees).toContainText(`${text} i morgen`);
  await expect(olaSees).toContainText("(redigert)");

  // Delete, then 'Angre' in the toast.
  await message(kari, text).hover();
  await message(kari, text).getByRole("button", { name: "Slett" }).click();
  await expect(olaSees).toContainText("Denne meldingen ble slettet");
  await expect(olaSees).not.toContainText(text);
  const toast = kari.locator("[data-sonner-toast]", { hasText: "Meldingen ble slettet" });
  await toast.getByRole("button", { name: "Angre" }).click();
  await expect(kari.getByText("Sletting angret")).toBeVisible();
  await expect(message(kari, `${text} i morgen`)).toBeVisible();
  await expect(olaSees).toContainText(`${text} i morgen`);
  await expect(olaSees).not.toContainText("Denne meldingen ble slettet");
  await notReloaded(ola);
});

test("Ola's reaction and reply reach Kari", async ({ browser, baseURL }) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("Hvem har nøkkelen til medisinrommet?");
  await send(kari, text);
  const onOla = message(ola, text);

  await onOla.hover();
  await onOla.getByRole("button", { name: "Legg til reaksjon" }).click();
  await ola.getByRole("button", { name: "Reager med 👍" }).click();
  await expect(message(kari, text).getByRole("button", { name: "👍 fra Ola Nordmann" })).toBeVisible();

  await onOla.hover();
  await onOla.getByRole("button", { name: "Svar" }).click();
  await expect(ola.getByText("Svarer Kari Nordmann")).toBeVisible();
  const reply = unique("Den henger i vaktrommet");
  await send(ola, reply);
  const onKari = message(kari, reply);
  await expect(
    onKari.getByRole("button", { name: "Svar på melding fra Kari Nordmann. Gå til meldingen" }),
  ).toContainText(text);
  await notReloaded(kari);
});

test("after a dropped connection Kari gets every message Ola sent meanwhile, each once", async ({
  browser,
  baseURL,
}) => {
  let blocked = false;
  const sockets: WebSocketRoute[] = [];
  const kari = await openChat(browser, baseURL, demo.kari, {
    // Kari's realtime connection goes through the test, which can cut it and refuse new ones.
    beforeOpen: (page) =>
      page.routeWebSocket(/\/api\/realtime$/, (socket) => {
        if (blocked) return void socket.close({ code: 4000, reason: "cut by the test" });
        socket.connectToServer();
        sockets.push(socket);
      }),
  });
  const ola = await openChat(browser, baseURL, demo.ola);
  const before = unique("Før bruddet");
  await send(ola, before);
  await expect(message(kari, before)).toBeVisible();

  blocked = true;
  for (const socket of sockets.splice(0)) await socket.close({ code: 4000, reason: "cut by the test" });
  const missed = [unique("Første"), unique("Andre"), unique("Tredje")];
  for (const text of missed) {
    await send(ola, text);
    await expect(message(ola, text)).toBeVisible();
  }
  // Nothing arrives while the connection is down.
  await expect(message(kari, missed[0]!)).toHaveCount(0);

  blocked = false;
  for (const text of missed) await expect(message(kari, text)).toBeVisible({ timeout: 10_000 });
  for (const text of [before, ...missed]) await expect(message(kari, text)).toHaveCount(1);
  await notReloaded(kari);
});

test("the department chat works at 375×812: composer in view, sending, the menu drawer", async ({
  browser,
  baseURL,
}) => {
  const viewport = { width: 375, height: 812 };
  const ola = await openChat(browser, baseURL, demo.ola, { viewport });
  await expect(ola.getByRole("heading", { name: "Avdeling", level: 1 })).toBeVisible();
  const box = await composer(ola).boundingBox();
  expect(box, "the composer is on screen").not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  await expect(ola.getByRole("button", { name: "Send" })).toBeInViewport();

  const text = unique("Sendt fra mobilen");
  await send(ola, text);
  await expect(message(ola, text)).toBeInViewport();
  await expect(composer(ola)).toHaveValue("");
  await expectNoSidewaysScroll(ola);

  await ola.getByRole("button", { name: "Meny", exact: true }).click();
  const drawer = ola.getByRole("dialog", { name: "Meny" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: /^Avdeling/ })).toBeVisible();
});

test("a thread opens at its newest message without the way down; scrolled up, the button takes the reader back", async ({
  browser,
  baseURL,
}) => {
  const ola = await openChat(browser, baseURL, demo.ola, {
    viewport: { width: 375, height: 812 },
    // Whether the button was ever in the page, also for a moment while the thread opened.
    beforeOpen: async (page) => {
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Til nyeste melding"]'))
            Object.assign(window, { wayDownShown: true });
        }).observe(document, { childList: true, subtree: true });
      });
    },
  });
  // Enough messages to scroll on a phone, whatever the other tests wrote.
  for (let i = 0; i < 8; i++) await send(ola, unique(`Linje ${i}`));
  const last = unique("Nederst");
  await send(ola, last);
  await expect(message(ola, last)).toBeInViewport();
  await ola.reload();
  await expect(message(ola, last)).toBeInViewport();
  await ola.waitForTimeout(1_000);
  expect(await ola.evaluate(() => "wayDownShown" in window)).toBe(false);

  const wayDown = ola.getByRole("button", { name: "Til nyeste melding" });
  await ola.getByRole("region", { name: "Meldinger" }).evaluate((list) => list.scrollTo({ top: 0 }));
  await expect(wayDown).toBeVisible();
  await wayDown.click();
  await expect(message(ola, last)).toBeInViewport();
  await expect(wayDown).toBeHidden();
});
