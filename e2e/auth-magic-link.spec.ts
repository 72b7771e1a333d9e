/**
 * Sign-in by magic link (spec §2 Login, decisions "Accounts and sessions"): the link in the
 * dev mailbox signs in once, lands where the user first wanted to go, and a signed-in user
 * is sent away from /login. The token travels in the link's fragment, so it is in no
 * request the browser makes for the page.
 */
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { currentSession, demo, envs, expect, test } from "./support/fixtures.ts";
import { fragmentParams } from "./support/mailbox.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const isVerify = (url: string) => new URL(url).pathname === "/api/auth/magic-link/verify";

test("a magic link signs Kari in once and lands on /chat/department", async ({
  page,
  browser,
  request,
  mailLink,
  baseURL,
}) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login(\?.*)?$/);

  const since = Date.now();
  await page.getByLabel("E-post", { exact: true }).fill(demo.kari.email);
  await page.getByRole("button", { name: "Send innloggingslenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();

  const link = await mailLink(demo.kari.email, "/auth/magic", since);
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  // A mail gateway fetching the link (a plain GET) must not use the token up.
  const scanned = await request.get(link);
  expect(scanned.status()).toBe(200);

  const verified = page.waitForResponse((r) => isVerify(r.url()) && r.request().method() === "POST");
  await page.goto(link);
  expect((await verified).ok(), "the first use of the link is accepted").toBe(true);
  await expect(page).toHaveURL(/\/chat\/department$/);
  const session = await currentSession(page);
  expect(session?.user.email).toBe(demo.kari.email);

  // The same link a second time, in a browser without Kari's cookie: refused.
  const other = await browser.newContext({ baseURL });
  try {
    const page2 = await other.newPage();
    const refused = page2.waitForResponse((r) => isVerify(r.url()) && r.request().method() === "POST");
    await page2.goto(link);
    expect((await refused).ok(), "a used magic link must be refused").toBe(false);
    await expect(page2).not.toHaveURL(/\/chat\/department$/);
    expect(await currentSession(page2)).toBeNull();
  } finally {
    await other.close();
  }

  // Signed in, /login sends Kari to / and from there to /chat/department.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/chat\/department$/);
  expect((await currentSession(page))?.user.email).toBe(demo.kari.email);
});

test("a deep link survives sign-in: /shifts/swaps signed out → magic link → /shifts/swaps", async ({
  page,
  mailLink,
}) => {
  await page.goto("/shifts/swaps");
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  expect(await currentSession(page)).toBeNull();

  const since = Date.now();
  await page.getByLabel("E-post", { exact: true }).fill(demo.ola.email);
  await page.getByRole("button", { name: "Send innloggingslenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();

  const link = await mailLink(demo.ola.email, "/auth/magic", since);
  await page.goto(link);
  await expect(page).toHaveURL(/\/shifts\/swaps$/);
  expect((await currentSession(page))?.user.email).toBe(demo.ola.email);
});

test("the token is only in the link's fragment: never in the server's log, gone from the address bar", async ({
  page,
  mailLink,
  server,
}) => {
  await page.goto("/login");
  const since = Date.now();
  await page.getByLabel("E-post", { exact: true }).fill(demo.leader.email);
  await page.getByRole("button", { name: "Send innloggingslenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();

  const link = await mailLink(demo.leader.email, "/auth/magic", since);
  expect(new URL(link).search, "nothing in the query string").toBe("");
  const token = fragmentParams(link).get("token");
  expect(token, "the fragment holds the token").toBeTruthy();

  await page.goto(link);
  await expect(page).toHaveURL(/\/chat\/department$/);
  expect((await currentSession(page))?.user.email).toBe(demo.leader.email);
  expect(new URL(page.url()).hash).toBe("");

  // The server logged the page request (so the log is on and covers it), without the token.
  await expect.poll(() => server.output()).toContain('"url":"/auth/magic"');
  expect(server.output()).not.toContain(token!);
  expect(server.output()).not.toContain(encodeURIComponent(token!));
});

test("a magic link for an unknown address shows the same screen and sends nothing", async ({
  page,
  server,
}) => {
  const unknown = `ukjent.${Date.now()}@example.no`;
  await page.goto("/login");
  await page.getByLabel("E-post", { exact: true }).fill(unknown);
  await page.getByRole("button", { name: "Send innloggingslenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();

  // give the outbox sender time to (wrongly) send something
  await page.waitForTimeout(1_500);
  const res = await page.request.get(`${server.url}/api/dev/mailbox`);
  const mails = (await res.json()) as { to: string }[];
  expect(mails.filter((m) => m.to.includes(unknown))).toHaveLength(0);
});

test("the login page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("E-post", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send innloggingslenke" })).toBeVisible();
  await expectNoSeriousViolations(page);
  // and the check-your-email screen
  await page.getByLabel("E-post", { exact: true }).fill(demo.ola.email);
  await page.getByRole("button", { name: "Send innloggingslenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
