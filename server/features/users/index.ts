import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";
import type { Purge } from "./delete.ts";
import { userRoutes } from "./routes.ts";

/**
 * User administration, the audit log and departments. `purges`: each feature's part of
 * deleting a person, handed in by `app.ts` (features do not import each other).
 */
export function usersFeature(deps: { purges: (ctx: AppContext) => Purge[] }): Feature {
  return {
    name: "users",
    routes(app, ctx) {
      userRoutes(app, ctx, deps.purges(ctx));
    },
  };
}
