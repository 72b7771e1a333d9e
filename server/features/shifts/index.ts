import type { Feature } from "../../platform/feature.ts";
import { shiftLoaders } from "./access.ts";
import { calendarRoutes } from "./calendar-routes.ts";
import { closeStartedJob, fairnessWindowJob } from "./jobs.ts";
import type { Notices } from "./notify.ts";
import { participationRoutes } from "./participation-routes.ts";
import { shiftRoutes } from "./routes.ts";

/** Extra shifts; the notices are the notifications feature's, handed in by `app.ts`. */
export function shiftsFeature(notices: Notices): Feature {
  return {
    name: "shifts",
    routes(app, ctx) {
      const load = shiftLoaders(ctx);
      shiftRoutes(app, ctx, load, notices);
      participationRoutes(app, ctx, load, notices);
      calendarRoutes(app, ctx);
    },
    jobs: () => [closeStartedJob, fairnessWindowJob],
  };
}
