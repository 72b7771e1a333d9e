/**
 * What the push feature keeps per app: the VAPID keys (read or made once, on first use)
 * and the sender. Per app, not per module: tests run several apps in one process.
 */
import type { AppContext } from "../../platform/context.ts";
import { PushSender } from "./delivery.ts";
import { resolveVapid, type Vapid } from "./vapid.ts";

export interface PushRuntime {
  vapid(): Promise<Vapid>;
  sender: PushSender;
}

const runtimes = new WeakMap<AppContext, PushRuntime>();

export function pushRuntime(ctx: AppContext): PushRuntime {
  const known = runtimes.get(ctx);
  if (known) return known;
  let keys: Promise<Vapid> | undefined;
  const vapid = () => {
    // A failed read (the database away) is asked again next time, not remembered.
    keys ??= resolveVapid(ctx.db, ctx.config).catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };
  const runtime: PushRuntime = {
    vapid,
    sender: new PushSender({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.log,
      vapid,
      allowLoopbackHttp: !ctx.config.isProduction,
    }),
  };
  runtimes.set(ctx, runtime);
  return runtime;
}
