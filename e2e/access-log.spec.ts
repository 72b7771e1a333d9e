/**
 * The access log ('Tilgangslogg', issue 30). Ingrid, the admin, opens 'Rediger bruker'
 * for Kari (it reads Kari's contract); Kari, on her phone, sees under 'Min Profil' that
 * Ingrid opened her data; Ingrid finds the row in 'Tilgangslogg' and narrows the log to
 * Kari by keyboard.
 */
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";
import { openAs } from "./support/shifts.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const phone = { width: 375, height: 812 };

test("Ingrid opens Kari's record; Kari sees who on her phone; Ingrid's log narrows to Kari", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ingrid = await openAs(browser, baseURL, demo.admin.email, "/admin/users");
  await ingrid
    .getByRole("table", { name: "Brukeroversikt" })
    .getByRole("row", { name: new RegExp(demo.kari.name) })
    .getByRole("button", { name: `Handlinger for ${demo.kari.name}` })
    .click();
  await ingrid.getByRole("menuitem", { name: "Rediger", exact: true }).click();
  const dialog = ingrid.getByRole("dialog", { name: "Rediger bruker" });
  await expect(dialog.getByLabel("Stillingsprosent").first()).toBeVisible();
  await ingrid.keyboard.press("Escape");

  const kari = await openAs(browser, baseURL, demo.kari.email, "/profile", phone);
  const mine = kari.getByRole("region", { name: "Hvem har sett eller endret mine opplysninger" });
  const row = mine.getByRole("row", { name: new RegExp(`${demo.admin.name}.*Åpnet opplysningene`) });
  await expect(row.first()).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(kari);
  await expectNoSeriousViolations(kari);
  await mine.screenshot({ path: screenPath("access-log-profile-375x812") });

  await ingrid.goto("/admin/users?tab=access-log");
  const log = ingrid.getByRole("table", { name: "Rader i tilgangsloggen" });
  await expect(
    log.getByRole("row", { name: new RegExp(`${demo.admin.name}.*${demo.kari.name}`) }).first(),
  ).toBeVisible();
  await ingrid
    .getByRole("button", { name: `Vis bare rader som gjelder ${demo.kari.name}` })
    .first()
    .focus();
  await ingrid.keyboard.press("Enter");
  await expect(
    ingrid.getByRole("button", { name: `Fjern filteret Gjelder: ${demo.kari.name}` }),
  ).toBeVisible();
  await expect(log.getByRole("row", { name: new RegExp(demo.ola.name) })).toHaveCount(0);
  await expectNoSeriousViolations(ingrid);
  await ingrid.setViewportSize(phone);
  await expectNoSidewaysScroll(ingrid);
  await ingrid.screenshot({ path: screenPath("access-log-admin-375x812"), fullPage: true });
});
