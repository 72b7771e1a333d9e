/**
 * Files in the department chat, against the real server: a picture uploads with its
 * progress while sending waits, arrives as a thumbnail for both people and opens in the
 * lightbox; a program dressed as a PNG is refused by the server, a file over 10 MB by
 * the composer before anything is sent. Files are written to a temp dir per run.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import sharp from "sharp";
import { expectNoSidewaysScroll } from "./support/a11y.ts";
import { openChat } from "./support/chat.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

let dir = "";
const file = (name: string) => path.join(dir, name);

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-e2e-files-"));
  // Noise keeps the PNG large (about 1 MB), so a throttled upload shows its progress.
  const noisy = await sharp({
    create: {
      width: 720,
      height: 480,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  await writeFile(file("vakttavle.png"), noisy);
  const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2f6f8f" } })
    .png()
    .toBuffer();
  await writeFile(file("rom-3.png"), small);
  // A Windows program (its "MZ" header) renamed to .png: the name passes, the bytes do not.
  const program = Buffer.alloc(4096);
  program.write("MZ");
  await writeFile(file("skjema.png"), program);
  await writeFile(file("stor.pdf"), Buffer.alloc(11 * 1024 * 1024));
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send" });
const pending = (page: Page) => page.getByRole("list", { name: "Filer som legges ved" });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });
const attachmentsUrl = /\/api\/chat\/threads\/[^/]+\/attachments$/;

/** Through 'Legg ved fil' and the system's file chooser. */
async function attach(page: Page, ...names: string[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Legg ved fil" }).click();
  await (await chooser).setFiles(names.map(file));
}

/** Holds the page's uploads until `release()`. */
async function holdUploads(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(attachmentsUrl, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const loaded = (page: Page, thumbnailName: string) =>
  expect
    .poll(() =>
      page
        .getByRole("button", { name: thumbnailName })
        .locator("img")
        .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
    )
    .toBeGreaterThan(0);

let marks = 0;
const unique = (text: string) => {
  marks += 1;
  return `${text} (${Date.now().toString(36)}-${marks})`;
};

test("a PNG uploads with its progress while sending waits, then shows as a thumbnail that opens in the lightbox", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);

  // A slow uplink (about 200 kB/s) for Kari: the upload takes seconds.
  const cdp = await kari.context().newCDPSession(kari);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });

  await attach(kari, "vakttavle.png");
  const bar = pending(kari).getByRole("progressbar", { name: "Laster opp vakttavle.png" });
  await expect(bar).toBeVisible();
  await expect(pending(kari)).toContainText("Laster opp…");
  await expect(sendButton(kari)).toBeDisabled();
  // Real progress: some of the file has gone, not yet all.
  await expect
    .poll(async () => Number((await bar.getAttribute("aria-valuenow", { timeout: 1000 })) ?? 0), {
      intervals: [100],
    })
    .toBeGreaterThan(0);
  const partway = Number(await bar.getAttribute("aria-valuenow"));
  expect(partway).toBeLessThan(100);
  await expect(sendButton(kari)).toBeDisabled();

  await expect(bar).toBeHidden({ timeout: 30_000 });
  await expect(sendButton(kari)).toBeEnabled();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const text = unique("Ny vakttavle");
  await composer(kari).fill(text);
  await composer(kari).press("Enter");
  await expect(pending(kari)).toBeHidden();
  const thumbnail = message(kari, text).getByRole("button", { name: "Åpne bilde vakttavle.png" });
  await expect(thumbnail).toBeVisible();
  await loaded(kari, "Åpne bilde vakttavle.png");
  // Ola gets it too, with links signed for him.
  await expect(message(ola, text).getByRole("button", { name: "Åpne bilde vakttavle.png" })).toBeVisible();
  await loaded(ola, "Åpne bilde vakttavle.png");

  await thumbnail.click();
  const viewer = kari.getByRole("dialog", { name: "Bildevisning" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img", { name: "vakttavle.png" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Zoom inn" })).toBeEnabled();
  await viewer.getByRole("button", { name: "Zoom inn" }).click();
  await expect(viewer.getByRole("button", { name: "Zoom ut" })).toBeEnabled();
  await kari.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test("a program renamed to .png is refused by the server with the type error; sending waits until it is removed", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  await attach(kari, "skjema.png");
  const item = pending(kari).getByRole("listitem").filter({ hasText: "skjema.png" });
  await expect(item).toContainText('Filtype "exe" er ikke tillatt.');
  await expect(kari.locator("[data-sonner-toast]", { hasText: "Opplastingsfeil" })).toBeVisible();

  const text = unique("Skjema vedlagt");
  await composer(kari).fill(text);
  await composer(kari).press("Enter");
  await expect(kari.getByRole("alert").filter({ hasText: "Noen filer kunne ikke lastes opp" })).toHaveText(
    "Noen filer kunne ikke lastes opp. Fjern dem eller prøv igjen.",
  );
  await expect(message(kari, text)).toHaveCount(0);

  await item.getByRole("button", { name: "Fjern skjema.png" }).click();
  await expect(pending(kari)).toBeHidden();
  await composer(kari).press("Enter");
  await expect(message(kari, text)).toBeVisible();
});

test("a file over 10 MB is refused with the size error before anything is uploaded", async ({
  browser,
  baseURL,
}) => {
  const kari = await openChat(browser, baseURL, demo.kari);
  const uploads: string[] = [];
  kari.on("request", (request) => {
    if (attachmentsUrl.test(new URL(request.url()).pathname)) uploads.push(request.url());
  });
  await attach(kari, "stor.pdf");
  await expect(pending(kari).getByRole("listitem").filter({ hasText: "stor.pdf" })).toContainText(
    'Fil "stor.pdf" er for stor. Maks 10MB tillatt.',
  );
  await expect(pending(kari).getByRole("progressbar")).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test("at 375×812 files can be attached, sending waits for them, and thumbnails stay narrow", async ({
  browser,
  baseURL,
}) => {
  const viewport = { width: 375, height: 812 };
  const ola = await openChat(browser, baseURL, demo.ola, { viewport });
  const attachButton = ola.getByRole("button", { name: "Legg ved fil" });
  await expect(attachButton).toBeInViewport();

  const release = await holdUploads(ola);
  await attach(ola, "rom-3.png", "vakttavle.png");
  await expect(pending(ola).getByRole("listitem")).toHaveCount(2);
  await expect(pending(ola).getByRole("progressbar")).toHaveCount(2);
  await expect(sendButton(ola)).toBeDisabled();
  await expect(composer(ola)).toBeInViewport();
  await expectNoSidewaysScroll(ola);

  release();
  await expect(pending(ola).getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
  await expect(sendButton(ola)).toBeEnabled();
  const text = unique("Rom 3 er klart");
  await composer(ola).fill(text);
  await sendButton(ola).click();
  const thumbnail = message(ola, text).getByRole("button", { name: "Åpne bilde rom-3.png" });
  await expect(thumbnail).toBeVisible();
  await loaded(ola, "Åpne bilde rom-3.png");
  // Asked until it holds: the virtualised list may re-render the row while it settles.
  const size = async () => (await thumbnail.boundingBox()) ?? { width: Number.NaN, height: Number.NaN };
  await expect.poll(async () => (await size()).width).toBeLessThanOrEqual(240);
  await expect.poll(async () => (await size()).height).toBeGreaterThan(100);
  await expectNoSidewaysScroll(ola);
});
