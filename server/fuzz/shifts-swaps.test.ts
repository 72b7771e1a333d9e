/** Fuzzing the routes of group "shifts and swaps" (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("shifts and swaps");
