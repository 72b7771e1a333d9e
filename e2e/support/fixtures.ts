/**
 * Playwright fixtures: one real server per worker and per server environment.
 *
 * A spec file picks its environment with `test.use({ serverEnv: { AUTO_SIGNIN: "0" } })`.
 * `serverEnv` is a worker-scoped option, so Playwright gives files with a different env
 * their own worker (and so their own server), while files with an equal env share one.
 * `baseURL` points at that server, so `page.goto("/login")` and `page.request` just work.
 *
 * Playwright tells option values apart by object identity, so files must pass the same
 * object (one of `envs` below) to share a server; a literal per file starts its own.
 */
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { waitForLink } from "./mailbox.ts";
import { type RunningServer, type ServerEnv, startServer } from "./server.ts";

export { expect };

export const DEMO_PASSWORD = "demo1234";
export const demo = {
  admin: { email: "admin@demo.no", name: "Ingrid Hansen" },
  leader: { email: "leder@demo.no", name: "Lars Johansen" },
  kari: { email: "kari@demo.no", name: "Kari Nordmann" },
  ola: { email: "ola@demo.no", name: "Ola Nordmann" },
  secretary: { email: "sekretaer@demo.no", name: "Sofie Berg" },
  intensiv: { email: "intensiv@demo.no", name: "Per Olsen" },
} as const;

/**
 * Every request of a browser test comes from 127.0.0.1, so the per-IP limit of sign-in
 * and registration attempts (default 30 per window) is raised; the per-address limit stays.
 * The request log is at info whatever the calling shell sets, so specs can check what the
 * server writes about each request.
 */
const common: ServerEnv = { RATE_LIMIT_PER_IP: "1000", LOG_LEVEL: "info" };

/** Server environments shared between spec files (same object → same worker and server). */
export const envs = {
  /** staging defaults: the one-time per-tab automatic sign-in as the demo admin is on */
  staging: { ...common },
  /** staging without the automatic sign-in: tests start signed out */
  noAutoSignIn: { ...common, AUTO_SIGNIN: "0" },
  /** like noAutoSignIn, on a server of its own: for specs that change a demo account (its password) */
  isolated: { ...common, AUTO_SIGNIN: "0" },
  /** like noAutoSignIn, on a server of its own: for specs whose outcome depends on the extra shifts people got */
  fairness: { ...common, AUTO_SIGNIN: "0" },
  /** like fairness, for the working-time journey: Ola's hours must be the demo's alone */
  workTime: { ...common, AUTO_SIGNIN: "0" },
  /** like noAutoSignIn, on a server of its own: a retention rule must not reach other specs' chat */
  retention: { ...common, AUTO_SIGNIN: "0" },
  /** BRAND_FILE names a file that does not exist: the server must start with the default brand */
  missingBrandFile: { ...common, AUTO_SIGNIN: "0", BRAND_FILE: "/nonexistent/vaktrom/brand.json" },
} satisfies Record<string, ServerEnv>;

interface WorkerFixtures {
  serverEnv: ServerEnv;
  server: RunningServer;
}

interface TestFixtures {
  /** read links from the dev mailbox of this test's server */
  mailLink: (to: string, linkPath: string, since?: Date | number) => Promise<string>;
  /** automatic: records the page's navigations and /api/ calls; attached when a test fails */
  pageLog: string[];
  /** automatic: closes the browser contexts a test opened itself */
  ownContexts: undefined;
}

/** The origin of this worker's server, which its pages are served from. */
let pageOrigin: string | undefined;

/**
 * What a page of ours sends with a state-changing request it makes itself: its Origin.
 * Playwright's API requests (`page.request`) share the browser's cookies but send no
 * Origin, and the server refuses a request that carries the session cookie without one.
 * `baseURL`: pages served from elsewhere than this worker's server (a load balancer).
 */
export function fromOurPage(baseURL?: string): { origin: string } {
  if (baseURL) return { origin: new URL(baseURL).origin };
  if (!pageOrigin) throw new Error("no server yet: fromOurPage() is for tests that use baseURL");
  return { origin: pageOrigin };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [envs.staging, { scope: "worker", option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    pageOrigin = new URL(server.url).origin;
    await use(server.url);
  },
  pageLog: [
    async ({ page }, use, testInfo) => {
      const log: string[] = [];
      const started = Date.now();
      const stamp = () => `+${String(Date.now() - started).padStart(5)} ms`;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) log.push(`${stamp()} navigated ${frame.url()}`);
      });
      page.on("response", (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith("/api/")) {
          log.push(`${stamp()} ${res.request().method()} ${url.pathname} → ${res.status()}`);
        }
      });
      page.on("pageerror", (err) => log.push(`${stamp()} page error: ${err.message}`));
      await use(log);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("page-log", { body: log.join("\n"), contentType: "text/plain" });
        console.log(`--- page log of "${testInfo.title}" ---\n${log.join("\n")}`);
      }
    },
    { auto: true },
  ],
  // The browser lives as long as the worker, and Playwright closes only the contexts it
  // made. A context left open keeps its pages following the chat and polling, so later
  // tests would share two cores with every earlier test's browsers (and time their work).
  ownContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
  mailLink: async ({ server }, use) => {
    await use((to, linkPath, since) => waitForLink(server.url, to, linkPath, { since }));
  },
});

/**
 * Sign the page's browser context in as a demo user (staging only: POST /api/dev/impersonate);
 * `baseURL` as for `fromOurPage`.
 */
export async function impersonate(
  target: Page | APIRequestContext,
  email: string,
  baseURL?: string,
): Promise<void> {
  const request = "request" in target ? target.request : target;
  const res = await request.post("/api/dev/impersonate", { data: { email }, headers: fromOurPage(baseURL) });
  expect(res.status(), `impersonate ${email}: ${await res.text()}`).toBeLessThan(300);
}

export interface SessionBody {
  session: {
    user: { email: string; fullName: string };
    memberships: { deptId: string; deptName: string; role: string; isActive: boolean }[];
    role: string | null;
    needsDepartment: boolean;
  } | null;
}

/** GET /api/auth/session with the page's cookies. */
export async function currentSession(page: Page): Promise<SessionBody["session"]> {
  const res = await page.request.get("/api/auth/session");
  expect(res.status()).toBe(200);
  return ((await res.json()) as SessionBody).session;
}
