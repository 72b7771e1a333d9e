/** Fuzzing the shift and swap routes (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("shift and swap routes", (r) => /^\/api\/(shifts|swaps)(\/|$)/.test(r.url));
