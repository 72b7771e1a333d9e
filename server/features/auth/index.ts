import type { Feature } from "../../platform/feature.ts";
import { authRoutes } from "./routes.ts";
import { expireUnconfirmedRegistrations } from "./service.ts";

export const authFeature: Feature = {
  name: "auth",
  routes: authRoutes,
  jobs: () => [
    {
      name: "auth.expire-unconfirmed",
      everyMs: 10 * 60_000,
      run: ({ tx, clock }) => expireUnconfirmedRegistrations(tx, clock.now()),
    },
  ],
};
