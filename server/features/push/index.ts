/**
 * Web push (issue 27, decisions.md § Push notifications): the devices' routes, the
 * delivery job, and what app.ts hands the bus's tap (`pushesOnPublish`). The quiet-hours
 * answer is the profile feature's; app.ts passes it in, as features do not import each
 * other.
 */
import type { AppContext } from "../../platform/context.ts";
import type { Feature } from "../../platform/feature.ts";
import type { PublishedListener } from "../../platform/published-tap.ts";
import { type AlertsOf, pushOnPublish } from "./queue.ts";
import { pushRoutes } from "./routes.ts";
import { pushRuntime } from "./runtime.ts";

export const pushFeature: Feature = {
  name: "push",
  routes(app, ctx) {
    pushRoutes(app, ctx);
    // Made (or read) at start, as the auth secret is: a GET never writes them.
    app.addHook("onReady", async () => {
      await pushRuntime(ctx).vapid();
    });
    app.addHook("onClose", () => pushRuntime(ctx).sender.stop());
  },
  jobs: (ctx) => [pushRuntime(ctx).sender.job()],
};

/** What the tap on published events calls: each `user:` event may become a push. */
export function pushesOnPublish(ctx: AppContext, alertsOf: AlertsOf): PublishedListener {
  return pushOnPublish(ctx, { alertsOf, kick: () => pushRuntime(ctx).sender.kick() });
}
