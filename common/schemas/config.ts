import { z } from "zod";
import { featureFlags } from "./brand.ts";

/** GET /api/config: what the web app needs before it renders anything. */
export const appConfig = z.object({
  environment: z.enum(["staging", "production"]),
  /** staging only: the one-time per-tab sign-in as the demo admin */
  autoSignIn: z.boolean(),
  /** staging only: demo switcher, dev mailbox, demo tools */
  demoTools: z.boolean(),
  features: featureFlags,
  /** single sign-on: the button's text; `only`: no passwords or e-mail links on the login page */
  singleSignOn: z.object({ label: z.string(), only: z.boolean() }).nullable(),
  limits: z.object({
    maxUploadMB: z.number(),
    passwordMinLength: z.number(),
    sessionIdleMinutes: z.number().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfig>;

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "error"]),
  driver: z.enum(["pglite", "postgres"]),
  /** where files are written: "low" below MIN_FREE_DISK_MB free, "error" unreadable or not writable */
  disk: z.enum(["ok", "low", "error"]),
  /** the event bus between instances */
  bus: z.enum(["ok", "error"]),
});
