/**
 * Around writing in a thread: the caret is in the composer when a thread opens on a
 * desktop (on a phone the keyboard stays down), my message shows the moment it is sent,
 * and a lost connection is said quietly over the thread while a message written then
 * waits in the offline outbox, saying so at once. Texts carry a per-test mark: the
 * department thread is shared.
 */
import type { Page, WebSocketRoute } from "@playwright/test";
import { openChat } from "./support/chat.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });
const notice = "Ingen forbindelse. Nye meldinger vises når forbindelsen er tilbake.";
/** Offline the shell says it for every screen; the thread's own line is for a lost realtime connection. */
const offline = "Du er frakoblet – meldinger sendes når nettet er tilbake";
const phone = { width: 375, height: 812 };

let marks = 0;
const unique = (text: string) => {
  marks += 1;
  return `${text} (${Date.now().toString(36)}-${marks})`;
};

test("opening a thread puts the caret in the composer on a desktop, typing goes there", async ({
  browser,
  baseURL,
}) => {
  const page = await openChat(browser, baseURL, demo.ola);
  await expect(composer(page)).toBeFocused();
  // From the sidebar to another thread and back: the caret follows.
  // 'Kanaler' must be there before going back: a click while its screen is still loading
  // (a loaded machine) cancels that navigation, the thread never leaves, and the caret
  // stays on the link that was clicked.
  await page.getByRole("link", { name: /^Kanaler/ }).click();
  await expect(page).toHaveURL(/\/chat\/channels$/);
  await page.getByRole("link", { name: /^Avdeling/ }).click();
  await expect(page).toHaveURL(/\/chat\/department$/);
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type("Hei");
  await expect(composer(page)).toHaveValue("Hei");
  await composer(page).clear();
});

test("on a phone the thread opens without popping the keyboard; every composer control is 44×44 px", async ({
  browser,
  baseURL,
}) => {
  const page = await openChat(browser, baseURL, demo.ola, { viewport: phone });
  await expect(composer(page)).toBeVisible();
  await expect(composer(page)).not.toBeFocused();
  for (const control of [
    composer(page),
    page.getByRole("button", { name: "Send" }),
    page.getByRole("button", { name: "Legg ved fil" }),
  ]) {
    const box = await control.boundingBox();
    expect(box, "on screen").not.toBeNull();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
});

test("my message shows the moment it is sent, before the server has answered", async ({
  browser,
  baseURL,
}) => {
  const page = await openChat(browser, baseURL, demo.ola);
  // The server's answer is held back a while: what shows meanwhile is the page's own.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/chat/threads/*/messages", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await held;
    await route.continue();
  });
  const text = unique("Jeg tar kveldsvakten");
  await composer(page).fill(text);
  await composer(page).press("Enter");
  const mine = message(page, text);
  await expect(mine).toBeInViewport({ timeout: 500 });
  await expect(mine).toHaveAttribute("aria-busy", "true");
  await expect(composer(page)).toHaveValue("");
  release();
  await expect(mine).not.toHaveAttribute("aria-busy", "true");
  await expect(mine).toHaveCount(1);
});

for (const viewport of [{ width: 1440, height: 900 }, phone]) {
  test(`offline: a quiet notice over the thread, and a message written then waits as 'Venter på nett' and goes when the connection returns (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const page = await openChat(browser, baseURL, demo.ola, { viewport });
    await expect(page.getByText(offline)).toHaveCount(0);

    await page.context().setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: offline })).toBeVisible();
    await page.screenshot({ path: screenPath(`offline-notice-${viewport.width}`) });

    // Queued in the offline outbox (e2e/outbox.spec.ts walks it through), said at once.
    const text = unique("Sendt uten nett");
    await composer(page).fill(text);
    const sentAt = Date.now();
    await composer(page).press("Enter");
    await expect(message(page, text)).toContainText("Venter på nett");
    expect(Date.now() - sentAt, "said at once, not after a timeout").toBeLessThan(3000);
    await expect(composer(page)).toHaveValue("");
    await expect(page.getByText("Feil ved sending")).toHaveCount(0);

    await page.context().setOffline(false);
    await expect(page.getByText(offline)).toHaveCount(0);
    await expect(message(page, text)).toHaveCount(1);
    await expect(message(page, text)).not.toContainText("Venter på nett");
  });
}

test("a realtime connection that stays down is said after a few seconds, and goes when it is back", async ({
  browser,
  baseURL,
}) => {
  let blocked = false;
  const sockets: WebSocketRoute[] = [];
  const page = await openChat(browser, baseURL, demo.ola, {
    beforeOpen: (p) =>
      p.routeWebSocket(/\/api\/realtime$/, (socket) => {
        if (blocked) return void socket.close({ code: 4000, reason: "cut by the test" });
        socket.connectToServer();
        sockets.push(socket);
      }),
  });
  blocked = true;
  for (const socket of sockets.splice(0)) await socket.close({ code: 4000, reason: "cut by the test" });
  // A blip says nothing; one that lasts does.
  await expect(page.getByText(notice)).toHaveCount(0);
  await expect(page.getByText(notice)).toBeVisible({ timeout: 6000 });
  blocked = false;
  await expect(page.getByText(notice)).toHaveCount(0, { timeout: 6000 });
});
