/**
 * Lighthouse runs on one page: each in a new headless Chromium (Debian's, through
 * chrome-launcher) with an empty profile, as a first visit. Desktop uses Lighthouse's
 * desktop preset; mobile its default (a mid-range phone, simulated slow 4G and 4× CPU
 * slowdown). A signed-in page gets the session cookie on every request it makes.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Result } from "lighthouse";

export type FormFactor = "desktop" | "mobile";

export interface PageRun {
  performance: number;
  accessibility: number;
  /**
   * the lab metrics behind the performance score, as Lighthouse shows them, and its
   * benchmark index of this machine at the time (a busy machine scores lower)
   */
  metrics: string;
  lhr: Result;
}

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];
const metricNames = ["FCP", "LCP", "TBT", "CLS", "SI"];

export async function runLighthouse(
  url: string,
  formFactor: FormFactor,
  opts: { chromePath: string; cookie?: string },
): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: opts.chromePath, chromeFlags });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        ...(opts.cookie ? { extraHeaders: { Cookie: opts.cookie } } : {}),
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metrics = metricIds
      .map((id, i) => `${metricNames[i]} ${lhr.audits[id]?.displayValue ?? "–"}`)
      .join(", ");
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      metrics: `${metrics}; benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * What holds a category's score down: its audits that count (weight above 0 or, for
 * accessibility, any) and did not pass, with what Lighthouse measured.
 */
export function failingAudits(lhr: Result, category: "performance" | "accessibility"): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= (category === "performance" ? 0.9 : 1)) return [];
    if (category === "performance" && ref.weight === 0 && audit.scoreDisplayMode !== "metricSavings")
      return [];
    const value = audit.displayValue ? ` (${audit.displayValue})` : "";
    return [`${audit.id}: ${audit.title}${value}`];
  });
}
