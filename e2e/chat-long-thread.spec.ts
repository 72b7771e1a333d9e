/**
 * The message list stays virtualised: in a department thread of 3,000 messages, opened
 * at the newest and scrolled up through more than half of them (older pages loading as
 * they do for a reader), the page never holds more than a bounded number of message rows,
 * whatever has been loaded. A list that rendered every loaded message would hold well
 * over a thousand. Frame times while scrolling are `npm run bench:web`'s: too noisy for
 * a shared test machine.
 *
 * The thread is written in SQL before its server starts (bench/web/seed.ts), in a PGlite
 * directory of this spec's own; so the run on PostgreSQL leaves the spec out
 * (playwright.config.ts): virtualisation does not depend on the database.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seedDepartmentThreads } from "../bench/web/seed.ts";
import { expect, test } from "./support/fixtures.ts";
import { startServer } from "./support/server.ts";

const messages = 3000;
const scrolledThrough = 1600;
/** A 900 px view shows about 20 rows; the list renders 8 more either side. */
const maxRows = 80;

const longThreadTest = test.extend<object, { longThread: { url: string; cookie: string } }>({
  longThread: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-e2e-long-"));
      const authSecret = randomBytes(32).toString("hex");
      try {
        const [reader] = await seedDepartmentThreads({ dataDir }, { sizes: [messages], authSecret });
        const server = await startServer({ DATA_DIR: dataDir, AUTH_SECRET: authSecret, AUTO_SIGNIN: "0" });
        try {
          await use({ url: server.url, cookie: reader!.cookie });
        } finally {
          await server.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ longThread }, use) => {
    await use(longThread.url);
  },
});

longThreadTest(
  "a thread of 3,000 messages keeps a bounded number of rows in the page",
  async ({ page, context, longThread }) => {
    const separator = longThread.cookie.indexOf("=");
    await context.addCookies([
      {
        name: longThread.cookie.slice(0, separator),
        value: longThread.cookie.slice(separator + 1),
        url: longThread.url,
      },
    ]);
    await page.goto("/chat/department");
    const list = page.getByRole("region", { name: "Meldinger" });
    await expect(list.getByText(`Melding ${messages}:`)).toBeVisible();

    // Each step jumps to the top; the list loads the page before and keeps the reader's
    // place, so the next step reaches further back. Every step counts the rows.
    let mostRows = 0;
    const step = () =>
      list.evaluate((element, pattern) => {
        element.scrollTop = 0;
        const rows = [...element.querySelectorAll("[data-message-id]")];
        const numbers = rows.map((row) => Number(new RegExp(pattern).exec(row.textContent ?? "")?.[1]));
        return { rows: rows.length, oldest: Math.min(...numbers.filter(Number.isFinite)) };
      }, "Melding (\\d+):");
    await expect
      .poll(
        async () => {
          const { rows, oldest } = await step();
          mostRows = Math.max(mostRows, rows);
          return oldest;
        },
        { timeout: 60_000, intervals: [50] },
      )
      .toBeLessThanOrEqual(messages - scrolledThrough);
    expect(mostRows).toBeGreaterThan(0);
    expect(mostRows).toBeLessThanOrEqual(maxRows);

    // Back in the middle of what has loaded, and at the newest: still a view's worth.
    for (const where of ["middle", "end"] as const) {
      const rows = await list.evaluate(async (element, at) => {
        element.scrollTop = at === "end" ? element.scrollHeight : element.scrollHeight / 2;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return element.querySelectorAll("[data-message-id]").length;
      }, where);
      expect(rows, where).toBeGreaterThan(0);
      expect(rows, where).toBeLessThanOrEqual(maxRows);
    }
  },
);
