import type { Feature } from "../../platform/feature.ts";
import { purgeAccessLog } from "./log.ts";
import { accessLogRoutes } from "./routes.ts";

/** The access log ('Tilgangslogg', issue 30): its reads, and rows older than two years deleted. */
export const accessLogFeature: Feature = {
  name: "access-log",
  routes: accessLogRoutes,
  jobs: () => [
    {
      name: "access-log.purge",
      everyMs: 60 * 60_000,
      run: ({ tx, clock }) => purgeAccessLog(tx, clock.now()),
    },
  ],
};
