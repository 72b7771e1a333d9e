/**
 * Retention ('Oppbevaring', issue 30). Ingrid, the admin, sets the department chat of
 * Anestesi to be kept 30 days; Kari, on her phone, then sees in that chat that older
 * messages are deleted automatically. The admin tab works at 375×812 too.
 */
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";
import { openAs } from "./support/shifts.ts";

test.use({ serverEnv: envs.retention });

const phone = { width: 375, height: 812 };

test("Ingrid keeps the department chat 30 days; Kari's chat says so on her phone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ingrid = await openAs(browser, baseURL, demo.admin.email, "/admin/users?tab=retention");
  const section = ingrid.getByRole("region", { name: "Oppbevaring" });
  await expect(section.getByLabel("Avdelingschat")).toHaveValue("keep");
  await section.getByLabel("Avdelingschat").selectOption({ label: "Slett etter … dager" });
  await section.getByLabel("Antall dager for Avdelingschat").fill("30");
  await expectNoSeriousViolations(ingrid);
  await section.getByRole("button", { name: "Lagre" }).click();
  await expect(ingrid.getByText("Oppbevaring lagret")).toBeVisible();

  await ingrid.setViewportSize(phone);
  await expectNoSidewaysScroll(ingrid);
  await ingrid.screenshot({ path: screenPath("retention-admin-375x812"), fullPage: true });

  const kari = await openAs(browser, baseURL, demo.kari.email, "/chat/department", phone);
  await expect(kari.getByText("Meldinger eldre enn 30 dager slettes automatisk")).toBeVisible();
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: screenPath("retention-thread-375x812") });
});
