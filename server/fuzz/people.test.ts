/** Fuzzing the routes of group "people and departments" (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("people and departments");
