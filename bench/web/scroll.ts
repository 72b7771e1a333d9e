/**
 * Scrolling a long thread in Chromium (1440×900): open the department chat at its newest
 * message, then move the list up `step` px every animation frame, as a fast flick does,
 * until the message `Melding <stopAt>` has been rendered; older pages load as the app
 * loads them, when the reader nears the top. The page records the time between
 * animation frames (a frame late is a frame the reader saw stutter) and, every tenth
 * frame, how many message rows the page holds (virtualised: a bounded number).
 */
import { chromium } from "@playwright/test";
import { ui } from "../../common/texts/index.ts";
import type { BenchUser } from "../lib/people.ts";

export interface ScrollResult {
  /** ms between consecutive animation frames while scrolling */
  frames: number[];
  /** the most message rows in the page at any sample */
  maxRows: number;
  /** rows in the page when the thread had opened */
  openRows: number;
  /** the oldest message number rendered by the end */
  oldest: number;
  seconds: number;
}

interface InPage {
  label: string;
  stopAt: number;
  step: number;
  timeoutMs: number;
}

/**
 * Runs in the page. No named functions inside: the bundler wraps those in a helper the
 * page does not have.
 */
async function scrollInPage({ label, stopAt, step, timeoutMs }: InPage) {
  const list = document.querySelector<HTMLElement>(`section[aria-label="${label}"]`)!;
  const frames: number[] = [];
  let maxRows = 0;
  let oldest = Number.POSITIVE_INFINITY;
  let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const began = last;
  while (oldest > stopAt && last - began < timeoutMs) {
    list.scrollTop = Math.max(0, list.scrollTop - step);
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    frames.push(now - last);
    last = now;
    if (frames.length % 10 !== 0) continue;
    const rows = list.querySelectorAll("[data-message-id]");
    maxRows = Math.max(maxRows, rows.length);
    for (const row of rows) {
      const number = /Melding (\d+):/.exec(row.textContent ?? "");
      if (number) oldest = Math.min(oldest, Number(number[1]));
    }
  }
  return { frames, maxRows, oldest, seconds: (last - began) / 1000 };
}

export async function measureScroll(
  base: string,
  reader: BenchUser,
  opts: { chromePath: string; stopAt: number; step: number; timeoutMs: number },
): Promise<ScrollResult> {
  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: "nb-NO",
      timezoneId: "Europe/Oslo",
    });
    const separator = reader.cookie.indexOf("=");
    await context.addCookies([
      { name: reader.cookie.slice(0, separator), value: reader.cookie.slice(separator + 1), url: base },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}/chat/department`);
    const rows = page.locator("[data-message-id]");
    await rows.first().waitFor();
    // Settled: the newest page measured and the list at its end.
    await page.waitForTimeout(1000);
    const openRows = await rows.count();
    const result = await page.evaluate(scrollInPage, {
      label: ui.thread.messagesLabel,
      stopAt: opts.stopAt,
      step: opts.step,
      timeoutMs: opts.timeoutMs,
    });
    return { ...result, openRows };
  } finally {
    await browser.close();
  }
}
