/**
 * The installable app (issue 27 items 1–2): the server's manifest in the brand's name and
 * colours, the service worker that keeps the app's files, Chromium's own installability
 * check (what Lighthouse's installable-manifest audit ran), a reload without a network
 * opening the app from the worker's cache and saying it is offline, a push the worker
 * shows (or leaves to the app in front), and 'Varsler på denne enheten' on 'Min profil'
 * at 375 px and on a desktop.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { chromiumPath } from "./support/chromium.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const phone = { width: 375, height: 812 };
const offline = "Du er frakoblet – meldinger sendes når nettet er tilbake";

/** Waits until the app's worker is active (it registers a moment after the first screen). */
async function workerActive(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? "";
  });
}

test("the manifest is linked and names the brand; the worker controls the app", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1F3A5B");
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  expect(await res.json()).toMatchObject({
    name: "Vaktrom",
    short_name: "Vaktrom",
    start_url: "/chat/department",
    display: "standalone",
    theme_color: "#1F3A5B",
  });

  expect(await workerActive(page)).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Logg inn", exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const manifest = (await (await page.context().newCDPSession(page)).send("Page.getAppManifest")) as {
    errors: unknown[];
    url: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
});

/**
 * Chromium's installability check, which Lighthouse's installable-manifest audit ran. A
 * test's usual browser context is off the record, which alone makes an app not
 * installable ('in-incognito'): this one has a profile of its own on disk.
 */
test("Chromium finds the app installable: no installability errors", async ({ baseURL }) => {
  const profile = await mkdtemp(path.join(os.tmpdir(), "vaktrom-pwa-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/login");
    await workerActive(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("offline, a reload of /chat/department opens the app from the worker's cache and says it is offline (375 px)", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await impersonate(page, demo.kari.email, baseURL);
  await page.goto("/chat/department");
  await expect(page.getByRole("textbox", { name: "Melding" })).toBeVisible();
  await workerActive(page);

  // What the worker kept: the app's files, never an answer of the API (personal data).
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain("/index.html");
  expect(kept.some((u) => u.startsWith("/assets/") && u.endsWith(".js"))).toBe(true);
  expect(kept.filter((u) => u !== "/index.html" && !u.startsWith("/assets/"))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: offline })).toBeVisible();
  await page.screenshot({ path: screenPath("pwa-offline-start-375") });

  // Back online, the app goes on by itself into the chat.
  await context.setOffline(false);
  await expect(page.getByRole("textbox", { name: "Melding" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(offline)).toHaveCount(0);

  // Offline with the app open: the shell's quiet line.
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: offline })).toBeVisible();
  await page.screenshot({ path: screenPath("pwa-offline-shell-375") });
  await context.setOffline(false);
  await expect(page.getByText(offline)).toHaveCount(0);
});

/**
 * Delivers a push to the app's worker as a push service would, through the DevTools
 * protocol (the session may belong to a page of no origin: no window of the app open).
 */
async function pushSender(page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  return (data: unknown) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: JSON.stringify(data) });
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

test("a push shows a notification without its content, one per thread, none while the app is in front", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"]);
  await page.goto("/login");
  await workerActive(page);
  const push = await pushSender(page);
  const thread = "6f1c0b7e-2d4a-4c1e-9a57-2f0e5b7d9a11";

  // The app is in front: it tells the person itself, the worker shows nothing.
  await push({ kind: "message", id: thread, threadKind: "direct" });
  await page.waitForTimeout(500);
  expect(await notifications(page)).toEqual([]);

  // No window of the app: a notification that says only what kind of thing happened.
  await page.goto("about:blank");
  await push({ kind: "message", id: thread, threadKind: "channel" });
  await push({ kind: "urgent", id: thread, threadKind: "channel" });
  await page.waitForTimeout(500);
  await page.goto("/login");
  await expect
    .poll(() => notifications(page))
    .toEqual([{ title: "Haster – åpne Vaktrom", body: "Trykk for å åpne", tag: `thread:${thread}` }]);
});

const devices = [
  {
    id: "3b8e7c1e-6a43-4c1e-9a57-2f0e5b7d9a11",
    browser: "Chrome på Android",
    createdAt: "2026-11-20T08:15:00.000Z",
  },
  {
    id: "3b8e7c1e-6a43-4c1e-9a57-2f0e5b7d9a12",
    browser: "Edge på Windows",
    createdAt: "2026-11-26T13:40:00.000Z",
  },
];

for (const viewport of [phone, { width: 1440, height: 900 }]) {
  test(`'Varsler på denne enheten' on 'Min profil': my devices, this one marked, the content switch (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    // The devices of a person with two: this browser is the first.
    await page.route("**/api/push", (route) =>
      route.fulfill({
        json: {
          publicKey:
            "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
          devices,
          showContent: false,
        },
      }),
    );
    await page.addInitScript(
      (id) => localStorage.setItem("vaktrom.push.thisDevice", JSON.stringify(id)),
      devices[0]!.id,
    );
    await impersonate(page, demo.kari.email, baseURL);
    await page.goto("/profile");

    const section = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Varsler på denne enheten" }) });
    await expect(section.getByText("Chrome på Android")).toBeVisible();
    await expect(section.getByText("denne enheten", { exact: true })).toBeVisible();
    await expect(section.getByText("lagt til 20. november 2026")).toBeVisible();
    await expect(section.getByRole("button", { name: "Fjern Edge på Windows" })).toBeVisible();
    await expect(section.getByRole("switch", { name: "Vis innhold i varsler" })).not.toBeChecked();
    await expect(section.getByText("Varsler er på for denne enheten")).toBeVisible();

    // Keyboard: the remove buttons and the switch are reached with Tab.
    await section.getByRole("button", { name: "Fjern Chrome på Android" }).focus();
    await page.keyboard.press("Tab");
    await expect(section.getByRole("button", { name: "Fjern Edge på Windows" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(section.getByRole("switch", { name: "Vis innhold i varsler" })).toBeFocused();

    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: screenPath(`pwa-profile-push-${viewport.width}`) });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
  });
}
