/**
 * What a feature brings to the app: its routes and the jobs it needs. `app.ts` lists the
 * features and registers them; it knows nothing else about any of them.
 */
import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context.ts";
import type { Job } from "./jobs.ts";

export interface Feature {
  name: string;
  /** Whether this installation has the feature at all (demo tools: not in production). */
  enabled?(ctx: AppContext): boolean;
  routes(app: FastifyInstance, ctx: AppContext): void;
  jobs?(ctx: AppContext): Job[];
}
