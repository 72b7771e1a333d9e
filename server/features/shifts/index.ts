import type { Feature } from "../../platform/feature.ts";
import { shiftLoaders } from "./access.ts";
import { calendarRoutes } from "./calendar-routes.ts";
import { closeStartedJob, fairnessWindowJob } from "./jobs.ts";
import type { Notify } from "./notify.ts";
import { participationRoutes } from "./participation-routes.ts";
import { shiftRoutes } from "./routes.ts";

/** Extra shifts; `notify` is the notifications feature's, handed in by `app.ts`. */
export function shiftsFeature(deps: { notify: Notify }): Feature {
  return {
    name: "shifts",
    routes(app, ctx) {
      const load = shiftLoaders(ctx);
      shiftRoutes(app, ctx, load, deps.notify);
      participationRoutes(app, ctx, load, deps.notify);
      calendarRoutes(app, ctx);
    },
    jobs: () => [closeStartedJob, fairnessWindowJob],
  };
}
