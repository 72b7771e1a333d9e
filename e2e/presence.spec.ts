/**
 * Presence (spec §2 DM header, §4): Ola opens the app in a browser of his own; Kari,
 * already looking at their conversation, sees him 'Pålogget' in its header and among
 * 'Kolleger pålogget' in the right rail, without reloading. The server is shared with
 * other tests, so Ola may have been online before: only the end state is certain.
 */
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { currentSession, demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

test("Kari sees Ola 'Pålogget' in their conversation and in the right rail once he opens the app", async ({
  page,
  browser,
  baseURL,
}) => {
  await impersonate(page, demo.kari.email);
  const deptId = (await currentSession(page))?.memberships[0]?.deptId;
  const staff = await page.request.get(`/api/departments/${deptId}/staff`);
  expect(staff.ok()).toBe(true);
  const ola = ((await staff.json()) as { staff: { userId: string; fullName: string }[] }).staff.find(
    (s) => s.fullName === demo.ola.name,
  );
  expect(ola, "Ola in Kari's department").toBeTruthy();
  const opened = await page.request.post("/api/chat/direct", {
    data: { userId: ola!.userId },
    headers: fromOurPage(),
  });
  expect(opened.ok()).toBe(true);
  const threadId = ((await opened.json()) as { id: string }).id;

  await page.goto(`/chat/dm/${threadId}`);
  await expect(page.getByRole("heading", { name: demo.ola.name, level: 1 })).toBeVisible();
  // Under 1600 px the 'Informasjon' rail starts closed.
  await page.getByRole("button", { name: "Vis informasjon" }).click();
  // A mark that a reload would lose: Ola's arrival must reach the page as it is.
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));

  const olaContext = await browser.newContext({ baseURL });
  const olaPage = await olaContext.newPage();
  await impersonate(olaPage, demo.ola.email);
  await olaPage.goto("/chat/department");
  await expect(olaPage.getByRole("navigation", { name: "Hovedmeny" })).toBeVisible();

  const header = page.getByRole("main").locator("h1").locator("..");
  await expect(header).toContainText("Pålogget");
  await expect(header).toContainText("Direktemelding");
  const rail = page.getByRole("complementary", { name: "Informasjon" });
  const online = rail.locator("section", { has: page.getByRole("heading", { name: "Kolleger pålogget" }) });
  const olaRow = online.getByRole("listitem").filter({ hasText: demo.ola.name });
  await expect(olaRow).toBeVisible();
  await expect(olaRow.getByRole("img", { name: "Pålogget" })).toBeVisible();
  // Kari does not list herself.
  await expect(online.getByRole("listitem").filter({ hasText: demo.kari.name })).toHaveCount(0);
  expect(await page.evaluate(() => "openedOnce" in window)).toBe(true);
  await expectNoSeriousViolations(page);

  await olaContext.close();
});
