/**
 * The offline outbox (issue 27 item 3): messages Kari writes without a connection show
 * as 'Venter på nett', outlive a reload, and reach Ola exactly once and in order when
 * the connection returns; one the server refuses shows 'Ikke sendt' with 'Prøv igjen'
 * and 'Slett'; files wait for the network in the composer; 'Logg ut' empties the outbox.
 * Texts carry a per-test mark: the department thread is shared.
 */
import type { Page, Route } from "@playwright/test";
import { openChat } from "./support/chat.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });
const phone = { width: 375, height: 812 };
const postsOfMessages = /\/api\/chat\/threads\/[^/]+\/messages$/;

let marks = 0;
const unique = (text: string) => {
  marks += 1;
  return `${text} (${Date.now().toString(36)}-${marks})`;
};

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
}

/** The texts of the thread's messages, top to bottom. */
const threadTexts = (page: Page) => page.locator("article").allInnerTexts();

/** What the browser holds in its outbox (IndexedDB), for whoever. */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("vaktrom-outbox", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("messages", { keyPath: "clientKey" });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction("messages").objectStore("messages").count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );

/** Every POST of a message fails as without a network, while the rest of the app works. */
const cutMessagePosts = (page: Page) =>
  page.route(postsOfMessages, (route: Route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );

test("offline messages wait as 'Venter på nett', outlive a reload and reach Ola once, in order (375 px)", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari, { viewport: phone });
  const ola = await openChat(browser, baseURL, demo.ola);
  const first = unique("Første uten nett");
  const second = unique("Andre uten nett");

  await kari.context().setOffline(true);
  await send(kari, first);
  await send(kari, second);
  for (const text of [first, second]) await expect(message(kari, text)).toContainText("Venter på nett");
  await kari.screenshot({ path: screenPath("outbox-waiting-375") });
  expect(await outboxCount(kari)).toBe(2);

  // Reloaded while still offline once a service worker serves the app shell; until then
  // online, with every message POST failing as offline, so nothing can go before the reload.
  const controlled = await kari.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  if (!controlled) {
    await cutMessagePosts(kari);
    await kari.context().setOffline(false);
  }
  await kari.reload();
  expect(await outboxCount(kari)).toBe(2);
  // Online, the thread reads them back from IndexedDB; offline, what the app shows at
  // start is the installable app's (e2e/pwa.spec.ts), and they show once it is back.
  if (!controlled)
    for (const text of [first, second]) await expect(message(kari, text)).toContainText("Venter på nett");
  await expect(message(ola, first)).toHaveCount(0);

  // The connection returns.
  if (!controlled) {
    await kari.context().setOffline(true);
    await kari.unroute(postsOfMessages);
  }
  await kari.context().setOffline(false);

  for (const text of [first, second]) await expect(message(ola, text)).toHaveCount(1);
  const olaSees = (await threadTexts(ola)).join("\n");
  expect(olaSees.indexOf(first)).toBeLessThan(olaSees.indexOf(second));
  await expect(kari.getByText("Venter på nett")).toHaveCount(0);
  for (const text of [first, second]) await expect(message(kari, text)).toHaveCount(1);
  expect(await outboxCount(kari)).toBe(0);

  // The server holds each once: what a fresh load shows.
  await ola.reload();
  for (const text of [first, second]) await expect(message(ola, text)).toHaveCount(1);
});

test("a queued message the server refuses shows 'Ikke sendt' with 'Prøv igjen' and 'Slett' (375 px)", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari, { viewport: phone });
  const ola = await openChat(browser, baseURL, demo.ola);
  const retried = unique("Prøves igjen");
  const deleted = unique("Slettes");

  let refuse = true;
  await kari.route(postsOfMessages, (route: Route) =>
    route.request().method() === "POST" && refuse
      ? route.fulfill({
          status: 422,
          json: { error: { code: "validation", message: "Meldingen ble avvist" } },
        })
      : route.fallback(),
  );
  await kari.context().setOffline(true);
  await send(kari, retried);
  await send(kari, deleted);
  await kari.context().setOffline(false);

  for (const text of [retried, deleted]) {
    await expect(message(kari, text)).toContainText("Ikke sendt");
    await expect(message(kari, text)).toContainText("Meldingen ble avvist");
  }
  await expect(kari.getByText("Venter på nett")).toHaveCount(0);
  // 'Du er frakoblet' has gone from above the thread: the thread grows back to the
  // window's bottom, leaving no gap under the composer.
  await expect(kari.getByText("Du er frakoblet", { exact: false })).toHaveCount(0);
  await expect
    .poll(async () => {
      const box = await composer(kari).boundingBox();
      return phone.height - (box ? box.y + box.height : 0);
    })
    .toBeLessThan(40);
  await kari.screenshot({ path: screenPath("outbox-failed-375") });

  // 'Slett': gone without being sent; the focus goes to the composer.
  await message(kari, deleted).getByRole("button", { name: "Slett" }).click();
  await expect(message(kari, deleted)).toHaveCount(0);
  await expect(composer(kari)).toBeFocused();

  // 'Prøv igjen' once the server takes it: sent, once.
  refuse = false;
  await message(kari, retried).getByRole("button", { name: "Prøv igjen" }).click();
  await expect(message(ola, retried)).toHaveCount(1);
  await expect(message(kari, retried)).not.toContainText("Ikke sendt");
  await expect(message(kari, retried)).toHaveCount(1);
  await expect(message(ola, deleted)).toHaveCount(0);
  expect(await outboxCount(kari)).toBe(0);
});

test("a send the server cannot take now (503) waits and goes again by itself, once", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("Etter 503");
  await kari.route(postsOfMessages, (route: Route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "Prøv igjen snart" } } })
      : route.fallback(),
  );
  await send(kari, text);
  await expect(message(kari, text)).toContainText("Venter på nett");
  await expect(kari.getByText("Feil ved sending")).toHaveCount(0);

  // No event says the server is back: the outbox asks again every 20 seconds.
  await kari.unroute(postsOfMessages);
  await expect(message(ola, text)).toHaveCount(1, { timeout: 30_000 });
  await expect(message(kari, text)).not.toContainText("Venter på nett");
  await expect(message(kari, text)).toHaveCount(1);
});

test("files are not queued: 'Vedlegg krever nett', and the text and the file stay", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const text = unique("Med vedlegg");
  const chooser = kari.waitForEvent("filechooser");
  await kari.getByRole("button", { name: "Legg ved fil" }).click();
  await (await chooser).setFiles({ name: "notat.txt", mimeType: "text/plain", buffer: Buffer.from("Notat") });
  const pending = kari.getByRole("list", { name: "Filer som legges ved" });
  await expect(pending).toContainText("notat.txt");
  // Uploaded while online: 'Send' waits for uploads.
  await expect(kari.getByRole("button", { name: "Send" })).toBeEnabled();

  await kari.context().setOffline(true);
  await composer(kari).fill(text);
  await composer(kari).press("Enter");
  await expect(kari.getByRole("alert").filter({ hasText: "Vedlegg krever nett" })).toBeVisible();
  await expect(composer(kari)).toHaveValue(text);
  await expect(pending).toContainText("notat.txt");
  await expect(message(kari, text)).toHaveCount(0);
  expect(await outboxCount(kari)).toBe(0);
  await kari.context().setOffline(false);
});

test("'Logg ut' empties the outbox: nothing goes later as Kari on a shared PC", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("Aldri sendt");
  await cutMessagePosts(kari);
  await send(kari, text);
  await expect(message(kari, text)).toContainText("Venter på nett");
  expect(await outboxCount(kari)).toBe(1);

  await kari.getByRole("button", { name: "Brukermeny" }).click();
  await kari.getByRole("menuitem", { name: "Logg ut" }).click();
  await expect(kari).toHaveURL(/\/login(\?.*)?$/);
  expect(await outboxCount(kari)).toBe(0);

  await kari.unroute(postsOfMessages);
  await impersonate(kari, demo.kari.email, baseURL);
  await kari.goto("/chat/department");
  await expect(composer(kari)).toBeVisible();
  await expect(kari.getByText("Venter på nett")).toHaveCount(0);
  await expect(message(ola, text)).toHaveCount(0);
});

test("a session that ended (401) while messages waited signs the tab out and empties the outbox", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const text = unique("Etter utlogging");
  await kari.context().setOffline(true);
  await send(kari, text);
  await expect(message(kari, text)).toContainText("Venter på nett");

  await kari.route(postsOfMessages, (route: Route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 401, json: { error: { code: "unauthorized", message: "Logg inn på nytt" } } })
      : route.fallback(),
  );
  await kari.context().setOffline(false);
  await expect(kari).toHaveURL(/\/login(\?.*)?$/);
  await expect.poll(() => outboxCount(kari)).toBe(0);
});
