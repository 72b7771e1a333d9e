import type { Feature } from "../../platform/feature.ts";
import { retentionJob } from "./job.ts";
import { retentionRoutes } from "./routes.ts";

/** Retention ('Oppbevaring', issue 30): admins' rules per department, and the daily deletion. */
export const retentionFeature: Feature = {
  name: "retention",
  routes: retentionRoutes,
  jobs: (ctx) => [retentionJob(ctx.files)],
};
