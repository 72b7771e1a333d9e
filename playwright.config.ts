import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./e2e/support/chromium.ts";

/**
 * Browser tests against the real server (started per worker by e2e/support/fixtures.ts)
 * and a system Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium. Playwright's own
 * browser download is not used. e2e/global-setup.ts fails early when neither exists and
 * builds the web app and the server bundle, as `npm start` does, when they are missing or
 * older than their sources. Each server has a PGlite database of its own, or with
 * E2E_DATABASE_URL a new database on that PostgreSQL server.
 */
const databaseBlindSpecs = [
  "shell.spec.ts",
  "shell-brand-missing.spec.ts",
  "chat-privacy.spec.ts",
  "profile-avatar.spec.ts",
  "web-budget.spec.ts",
  // seeds a PGlite directory of its own
  "chat-long-thread.spec.ts",
];

/**
 * Two instances behind nginx on one PostgreSQL database: PostgreSQL only.
 */
const postgresOnlySpecs = ["cluster.spec.ts"];

/**
 * With E2E_POSTGRES_URL set (CI), every journey runs once, on PostgreSQL — the database a
 * hospital runs — and the run on PGlite keeps only the specs the PostgreSQL run leaves
 * out. Every endpoint runs on both databases in the server suites; two full browser runs
 * took half of CI's 49 minutes. Without it (a developer's machine), everything runs on
 * PGlite but the cluster.
 */
const selection = process.env.E2E_DATABASE_URL
  ? { testIgnore: databaseBlindSpecs }
  : process.env.E2E_POSTGRES_URL
    ? { testMatch: databaseBlindSpecs }
    : { testIgnore: postgresOnlySpecs };

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Screens whose server side is the same on either database (routes and sidebar, the
  // brand file, the composer's privacy check, a picture's way to disk) run on PGlite only.
  ...selection,
  globalSetup: "./e2e/global-setup.ts",
  // Playwright empties outputDir at start; keep it apart from the suites' JSON reports.
  outputDir: "test-results/e2e-artifacts",
  // Each distinct server env costs a server start, and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT: where npm test reads this run's counts (a second run on PostgreSQL has its own).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/e2e.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
    screenshot: "only-on-failure",
    trace: "off",
    video: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
});
