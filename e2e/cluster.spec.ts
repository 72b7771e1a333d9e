/**
 * Two instances on one PostgreSQL behind a real nginx (e2e/support/cluster.ts), without
 * sticky sessions. Kari's and Ola's browsers are pinned to an instance each by nginx's
 * test cookie; they chat in real time, Kari shares a photo, then Kari's instance is
 * killed mid-conversation: nginx sends her tab's reconnect to the other instance and
 * every message shows exactly once in both tabs. Each test has a cluster of its own
 * (each kills an instance). Needs PostgreSQL: runs in the PostgreSQL run of the suite
 * (E2E_DATABASE_URL), see playwright.config.ts.
 */
import { writeFile } from "node:fs/promises";
import type { Browser, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import WebSocket from "ws";
import { openChat } from "./support/chat.ts";
import { type InstanceName, type RunningCluster, startCluster } from "./support/cluster.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";
import { UPSTREAM_HEADER } from "./support/nginx.ts";

const adminUrl = process.env.E2E_DATABASE_URL;
test.skip(
  !adminUrl,
  "needs PostgreSQL: set E2E_DATABASE_URL (npm test runs it when E2E_POSTGRES_URL is set)",
);

const clusterTest = test.extend<{ cluster: RunningCluster }>({
  cluster: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const cluster = await startCluster({ adminUrl: adminUrl! }, { env: envs.noAutoSignIn });
      note(testInfo, "cluster started (database, two instances, nginx)", `${cluster.startMs} ms`);
      try {
        await use(cluster);
      } finally {
        if (testInfo.status !== testInfo.expectedStatus) await attachLogs(testInfo, cluster);
        await cluster.stop();
      }
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url);
  },
});

/** A figure, kept in the report and printed. */
function note(testInfo: TestInfo, type: string, description: string) {
  testInfo.annotations.push({ type, description });
  console.log(`[cluster] ${testInfo.title}: ${type}: ${description}`);
}

async function attachLogs(testInfo: TestInfo, cluster: RunningCluster) {
  await testInfo.attach("nginx-access-log", {
    body: await cluster.nginx.accessLog(),
    contentType: "text/plain",
  });
  await testInfo.attach("nginx-errors", { body: await cluster.nginx.errors(), contentType: "text/plain" });
  for (const { name, process } of Object.values(cluster.instances))
    await testInfo.attach(`instance-${name}`, { body: process.output(), contentType: "text/plain" });
}

/** Which instance answered, by nginx's header: the last address it tried. */
function answeredBy(cluster: RunningCluster, upstreams: string | null | undefined): InstanceName | "?" {
  const last = upstreams?.split(",").at(-1)?.trim();
  return last === cluster.instances.a.address ? "a" : last === cluster.instances.b.address ? "b" : "?";
}

const pinHeader = (pin?: InstanceName): Record<string, string> =>
  pin ? { cookie: `vaktrom_pin=${pin}` } : {};

async function healthFrom(cluster: RunningCluster, pin?: InstanceName) {
  const res = await fetch(`${cluster.url}/api/health`, { headers: pinHeader(pin) });
  expect(res.status).toBe(200);
  return answeredBy(cluster, res.headers.get(UPSTREAM_HEADER));
}

/** Signs in as `email` through nginx; the session cookie, with the pin. */
async function signIn(cluster: RunningCluster, email: string, pin: InstanceName) {
  const res = await fetch(`${cluster.url}/api/dev/impersonate`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: cluster.url, ...pinHeader(pin) },
    body: JSON.stringify({ email }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return {
    cookie: [`vaktrom_pin=${pin}`, ...session].join("; "),
    by: answeredBy(cluster, res.headers.get(UPSTREAM_HEADER)),
  };
}

/** Opens the realtime socket through nginx; the instance that took the upgrade, once it answered a ping. */
async function realtimeThrough(cluster: RunningCluster, cookie: string): Promise<InstanceName | "?"> {
  const socket = new WebSocket(`${cluster.url.replace(/^http/, "ws")}/api/realtime`, {
    headers: { cookie, origin: cluster.url },
  });
  try {
    // ws emits "open" right after "upgrade", in the same turn: both are awaited together.
    const upgraded = new Promise<InstanceName | "?">((resolve, reject) => {
      socket.once("upgrade", (res) => resolve(answeredBy(cluster, res.headers[UPSTREAM_HEADER] as string)));
      socket.once("unexpected-response", (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      socket.once("error", reject);
    });
    const opened = new Promise<void>((resolve) => socket.once("open", () => resolve()));
    const [by] = await Promise.all([upgraded, opened]);
    const pong = new Promise<unknown>((resolve) =>
      socket.once("message", (data) => resolve(JSON.parse(String(data)))),
    );
    socket.send(JSON.stringify({ type: "ping" }));
    expect(await pong).toEqual({ type: "pong" });
    return by;
  } finally {
    socket.close();
  }
}

clusterTest(
  "nginx pins by cookie, spreads the rest over both instances, upgrades the WebSocket, and sends a dead instance's people to the other",
  async ({ cluster }) => {
    test.setTimeout(120_000);
    const unpinned = new Set<string>();
    for (let i = 0; i < 4; i++) unpinned.add(await healthFrom(cluster, undefined));
    expect([...unpinned].sort()).toEqual(["a", "b"]);
    for (let i = 0; i < 3; i++) expect(await healthFrom(cluster, "a")).toBe("a");
    for (let i = 0; i < 3; i++) expect(await healthFrom(cluster, "b")).toBe("b");

    const kari = await signIn(cluster, demo.kari.email, "a");
    expect(kari.by).toBe("a");
    expect(await realtimeThrough(cluster, kari.cookie)).toBe("a");

    // A body over the app's own limit (1 MB of JSON) is the app's to refuse, not nginx's.
    const big = await fetch(`${cluster.url}/api/dev/impersonate`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.url, cookie: kari.cookie },
      body: JSON.stringify({ email: "x".repeat(12 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get("content-type")).toContain("application/json");

    await cluster.kill("a");
    expect(await healthFrom(cluster, "a")).toBe("b");
    for (let i = 0; i < 4; i++) expect(await healthFrom(cluster, undefined)).toBe("b");
    // A POST too: it never reached the dead instance, so nginx may send it on.
    expect((await signIn(cluster, demo.kari.email, "a")).by).toBe("b");
    // Kari's session, made on A, is good on B (it lives in the database).
    expect(await realtimeThrough(cluster, kari.cookie)).toBe("b");
  },
);

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  // Sent once it is in the writer's own list (from the server's answer).
  await expect(message(page, text)).toBeVisible();
}

let marks = 0;
/** A text no other message has (each test has a database of its own; this tells runs apart in logs). */
const unique = (text: string) => {
  marks += 1;
  return `${text} (${Date.now().toString(36)}-${marks})`;
};

const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => "openedOnce" in window)).toBe(true);

/** Whether the page's thumbnail has loaded a picture. */
const pictureWidth = (page: Page, name: string) =>
  page
    .getByRole("button", { name })
    .locator("img")
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0), undefined, { timeout: 2_000 })
    .catch(() => 0);

/** When each of the page's realtime sockets confirmed its thread subscription (ms since epoch). */
function threadSubscriptions(page: Page): number[] {
  const times: number[] = [];
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      const frame = JSON.parse(payload.toString()) as { type?: string; topic?: string };
      if (frame.type === "subscribed" && frame.topic?.startsWith("thread:")) times.push(Date.now());
    }),
  );
  return times;
}

/**
 * A small PNG in the test's output dir. (Made here, not in a beforeAll hook: a hook gets
 * its own auto fixtures, and the page log's page would start a cluster for it.)
 */
async function photo(testInfo: TestInfo): Promise<string> {
  const file = testInfo.outputPath("tavle.png");
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#3f7f5f" } })
    .png()
    .toBuffer();
  await writeFile(file, png);
  return file;
}

/**
 * Kari on `pins.kari`, Ola on `pins.ola` (at 375×812); instance A dies after the photo.
 * What one person must see of the other is checked softly, so a failing run lists every
 * step that failed, not only the first.
 */
async function journey(
  cluster: RunningCluster,
  browser: Browser,
  pins: { kari: InstanceName; ola: InstanceName },
  testInfo: TestInfo,
) {
  const kari = await openChat(browser, cluster.url, demo.kari, { cookies: [cluster.pin(pins.kari)] });
  const kariSubscribed = threadSubscriptions(kari);
  const ola = await openChat(browser, cluster.url, demo.ola, {
    cookies: [cluster.pin(pins.ola)],
    viewport: { width: 375, height: 812 },
  });
  const olaPictures: { status: number; by: string }[] = [];
  ola.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/api/chat/files/"))
      olaPictures.push({ status: res.status(), by: answeredBy(cluster, res.headers()[UPSTREAM_HEADER]) });
  });
  const within = { timeout: 5_000 };
  const texts: string[] = [];

  const first = unique("Hei Ola, er du på jobb i kveld?");
  texts.push(first);
  await send(kari, first);
  await expect.soft(message(ola, first), "Ola sees Kari's first message").toBeVisible(within);

  const answer = unique("Ja, fra 15 til 23");
  texts.push(answer);
  await send(ola, answer);
  await expect.soft(message(kari, answer), "Kari sees Ola's answer").toBeVisible(within);

  // The photo: uploaded through Kari's instance, shown to Ola through his.
  const withPhoto = unique("Her er den nye vakttavla");
  texts.push(withPhoto);
  const chooser = kari.waitForEvent("filechooser");
  await kari.getByRole("button", { name: "Legg ved fil" }).click();
  await (await chooser).setFiles(await photo(testInfo));
  await expect(kari.getByRole("list", { name: "Filer som legges ved" }).getByRole("progressbar")).toHaveCount(
    0,
    {
      timeout: 20_000,
    },
  );
  await send(kari, withPhoto);
  const thumbnail = "Åpne bilde tavle.png";
  await expect.poll(() => pictureWidth(kari, thumbnail), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect
    .soft(message(ola, withPhoto).getByRole("button", { name: thumbnail }), "Ola sees the photo's message")
    .toBeVisible(within);
  await expect.soft
    .poll(() => pictureWidth(ola, thumbnail), { message: "Ola's picture loads", timeout: 10_000 })
    .toBeGreaterThan(0);
  expect.soft(olaPictures.length, "Ola's browser asked for the picture").toBeGreaterThan(0);
  for (const picture of olaPictures)
    expect
      .soft(picture, "Ola's picture came through nginx from his instance")
      .toEqual({ status: 200, by: pins.ola });
  await kari.screenshot({ path: testInfo.outputPath("kari-before-kill.png") });
  await ola.screenshot({ path: testInfo.outputPath("ola-before-kill.png") });

  // Mid-conversation, Kari's instance dies.
  const subscriptionsBefore = kariSubscribed.length;
  const killedAt = Date.now();
  await cluster.kill(pins.kari);
  const whileDown = unique("Kari, ser du denne?");
  texts.push(whileDown);
  await send(ola, whileDown);
  await expect(message(kari, whileDown), "Kari's tab reconnects and shows Ola's message").toBeVisible({
    timeout: 20_000,
  });
  const shownAt = Date.now();
  await expect
    .poll(() => kariSubscribed.length, { message: "Kari's tab subscribed again on a new connection" })
    .toBeGreaterThan(subscriptionsBefore);
  note(testInfo, "Kari resubscribed after the kill", `${kariSubscribed[subscriptionsBefore]! - killedAt} ms`);
  note(testInfo, "Ola's message shown to Kari after the kill", `${shownAt - killedAt} ms`);
  const again = unique("Ja, nå er jeg tilbake");
  texts.push(again);
  await send(kari, again);
  await expect.soft(message(ola, again), "Ola sees Kari's message after the kill").toBeVisible(within);
  // The photo stored through the dead instance is still there for Kari, now served by the other.
  const src = await message(kari, withPhoto)
    .getByRole("button", { name: thumbnail })
    .locator("img")
    .getAttribute("src");
  expect.soft((await kari.request.get(src ?? "/missing")).status(), "the photo after the kill").toBe(200);
  await expect.soft
    .poll(() => pictureWidth(kari, thumbnail), {
      message: "Kari's picture shows after the kill",
      timeout: 10_000,
    })
    .toBeGreaterThan(0);

  for (const text of texts) {
    await expect.soft(message(kari, text), `once in Kari's tab: ${text}`).toHaveCount(1);
    await expect.soft(message(ola, text), `once in Ola's tab: ${text}`).toHaveCount(1);
  }
  await notReloaded(kari);
  await notReloaded(ola);
  await kari.screenshot({ path: testInfo.outputPath("kari-after-kill.png") });
  await ola.screenshot({ path: testInfo.outputPath("ola-after-kill.png") });
}

clusterTest(
  "Kari on A and Ola on B chat in real time, share a photo, and lose nothing when A dies",
  async ({ cluster, browser }, testInfo) => {
    test.setTimeout(180_000);
    await journey(cluster, browser, { kari: "a", ola: "b" }, testInfo);
  },
);

clusterTest(
  "Kari and Ola both on A: the same conversation, and both go on on B when A dies",
  async ({ cluster, browser }, testInfo) => {
    test.setTimeout(180_000);
    await journey(cluster, browser, { kari: "a", ola: "a" }, testInfo);
  },
);
