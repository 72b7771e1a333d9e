/**
 * Who is looking, and when: what a shift, an offer or a message offers its reader
 * depends on both, so each feature's presenters take a `Viewer`.
 */
import type { FastifyRequest } from "fastify";
import type { Actor, PolicyEnv } from "../policies/index.ts";
import type { AppContext } from "./context.ts";
import { signedIn } from "./pipeline.ts";

export interface Viewer {
  actor: Actor;
  now: Date;
  env: PolicyEnv;
}

/** The signed-in caller of the request, by the request's clock. */
export function viewerOf(ctx: AppContext, request: FastifyRequest): Viewer {
  return { actor: signedIn(request).actor, now: ctx.clock.now(), env: ctx.policyEnv };
}
