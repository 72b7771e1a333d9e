import type { Feature } from "../../platform/feature.ts";
import { expireSignInState } from "./oidc.ts";
import { oidcRoutes } from "./oidc-routes.ts";
import { authRoutes } from "./routes.ts";
import { expireUnconfirmedRegistrations } from "./service.ts";

export const authFeature: Feature = {
  name: "auth",
  routes: (app, ctx) => {
    authRoutes(app, ctx);
    oidcRoutes(app, ctx);
  },
  jobs: () => [
    {
      name: "auth.expire-unconfirmed",
      everyMs: 10 * 60_000,
      run: ({ tx, clock }) => expireUnconfirmedRegistrations(tx, clock.now()),
    },
    {
      name: "auth.expire-sign-in-state",
      everyMs: 10 * 60_000,
      run: ({ tx, clock }) => expireSignInState(tx, clock.now()),
    },
  ],
};
