/**
 * BRAND_FILE pointing to a missing file: the server still starts (the fixture waits for
 * /api/health) and the app runs with the default brand (spec §8 Other: brand failure →
 * defaults).
 */
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.missingBrandFile });

test("with a missing BRAND_FILE the app starts with the default brand", async ({ page }) => {
  const brand = await page.request.get("/brand/brand.default.json");
  expect(brand.status()).toBe(200);
  const body = (await brand.json()) as { colors: { primary: string }; features: Record<string, boolean> };
  expect(body.colors.primary.toLowerCase()).toBe("#1f3a5b");
  expect(body.features.shifts).toBe(true);
  expect(body.features.chatModerationBlocking).toBe(false);

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Send innloggingslenke" })).toBeVisible();
  await expect(page.getByText("Konfigurasjonsfeil")).toHaveCount(0);

  await impersonate(page, demo.admin.email);
  await page.goto("/");
  await expect(page).toHaveURL(/\/chat\/department$/);
  await expect(page.getByRole("button", { name: "Brukermeny" })).toBeVisible();
});
