import type { Feature } from "../../platform/feature.ts";
import { swapLoaders } from "./access.ts";
import { closeStartedOffersJob } from "./jobs.ts";
import type { Notify } from "./notify.ts";
import { swapRoutes } from "./routes.ts";

/** Shift swaps; `notify` is the notifications feature's, handed in by `app.ts`. */
export function swapsFeature(deps: { notify: Notify }): Feature {
  return {
    name: "swaps",
    routes(app, ctx) {
      swapRoutes(app, ctx, swapLoaders(ctx), deps.notify);
    },
    jobs: () => [closeStartedOffersJob(deps.notify)],
  };
}
