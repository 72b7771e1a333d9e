/**
 * Two app instances on one PostgreSQL behind a real nginx, as a hospital runs them
 * (scripts/cluster.mjs): Kari is sent to instance a, Ola to instance b (a cookie only the
 * test sets; nginx has no sticky sessions). They chat in real time and share a photo
 * across the two instances; then instance a dies mid-conversation, and Kari's tab is
 * taken by nginx to b, where it catches up: every message once, without a reload.
 * Only with PostgreSQL (E2E_DATABASE_URL): the embedded database is one process's.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { type Cluster, pinCookie, startCluster } from "../scripts/cluster.mjs";
import { openChat, type Person } from "./support/chat.ts";
import { demo, expect, test } from "./support/fixtures.ts";

let cluster: Cluster;
let dir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) throw new Error("the cluster journey needs E2E_DATABASE_URL (see playwright.config.ts)");
  cluster = await startCluster({ adminUrl, env: { AUTO_SIGNIN: "0", RATE_LIMIT_PER_IP: "1000" } });
  dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-e2e-cluster-"));
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2f6f8f" } })
    .png()
    .toBuffer();
  await writeFile(path.join(dir, "tavle.png"), photo);
});

test.afterAll(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(message(page, text)).toBeVisible();
}

/** The person's chat, with nginx told to prefer `instance`; counts their socket's closes. */
async function openPinned(
  browser: Browser,
  person: Person,
  instance: string,
  viewport?: { width: number; height: number },
) {
  const closed = { count: 0 };
  const page = await openChat(browser, cluster.url, person, {
    ...(viewport ? { viewport } : {}),
    beforeOpen: async (p) => {
      await p.context().addCookies([{ name: pinCookie, value: instance, url: cluster.url }]);
      p.on("websocket", (socket) => socket.on("close", () => (closed.count += 1)));
    },
  });
  return { page, closed };
}

let marks = 0;
const unique = (text: string) => `${text} (${Date.now().toString(36)}-${++marks})`;

test("two people on two instances chat and share a photo; one instance dies and nothing is lost or doubled", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const kari = await openPinned(browser, demo.kari, "a");
  const ola = await openPinned(browser, demo.ola, "b", { width: 375, height: 812 });
  const sent: string[] = [];

  const first = unique("Hei fra instans a");
  await send(kari.page, first);
  await expect(message(ola.page, first)).toBeVisible({ timeout: 5_000 });
  const answer = unique("Hei tilbake fra instans b");
  await send(ola.page, answer);
  await expect(message(kari.page, answer)).toBeVisible({ timeout: 5_000 });
  sent.push(first, answer);

  // A photo uploaded through a, shown through b.
  const chooser = kari.page.waitForEvent("filechooser");
  await kari.page.getByRole("button", { name: "Legg ved fil" }).click();
  await (await chooser).setFiles(path.join(dir, "tavle.png"));
  await expect(kari.page.getByRole("progressbar", { name: "Laster opp tavle.png" })).toBeHidden({
    timeout: 30_000,
  });
  const withPhoto = unique("Ny vakttavle");
  await send(kari.page, withPhoto);
  sent.push(withPhoto);
  const thumbnail = message(ola.page, withPhoto).getByRole("button", { name: "Åpne bilde tavle.png" });
  await expect(thumbnail).toBeVisible({ timeout: 5_000 });
  await expect
    .poll(() =>
      thumbnail.locator("img").evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
    )
    .toBeGreaterThan(0);
  await ola.page.screenshot({ path: test.info().outputPath("ola-on-b.png") });

  // Instance a dies: only Kari's connection was on it.
  await cluster.kill("a");
  await expect.poll(() => kari.closed.count, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(ola.closed.count).toBe(0);

  const whileDown = unique("Skrevet mens a var nede");
  await send(ola.page, whileDown);
  sent.push(whileDown);
  // Kari's tab reconnects through nginx, now to b, and catches up.
  await expect(message(kari.page, whileDown)).toBeVisible({ timeout: 30_000 });
  const after = unique("Kari er tilbake via b");
  await send(kari.page, after);
  sent.push(after);
  await expect(message(ola.page, after)).toBeVisible({ timeout: 5_000 });

  for (const text of sent) {
    await expect(message(kari.page, text)).toHaveCount(1);
    await expect(message(ola.page, text)).toHaveCount(1);
  }
  expect(await kari.page.evaluate(() => "openedOnce" in window)).toBe(true);
  await kari.page.screenshot({ path: test.info().outputPath("kari-after-failover.png") });
});
