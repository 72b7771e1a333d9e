/** Fuzzing every route the other fuzz files leave (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes(
  "every other route",
  (r) => !r.url.startsWith("/api/chat/") && !/^\/api\/(shifts|swaps)(\/|$)/.test(r.url),
);
