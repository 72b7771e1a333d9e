import type { AppContext } from "../../platform/context.ts";

/** What signing in uses of the app. */
export type AuthDeps = Pick<AppContext, "db" | "config" | "auth" | "background" | "bus" | "log" | "clock">;
