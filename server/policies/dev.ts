/** The demo tools: outside production only, and then for anyone (spec §6). */
import { allow } from "./policy.ts";

allow("dev.use", (_actor, _app, env) => env.demoTools);
