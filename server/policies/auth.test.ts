import { describe } from "vitest";
import { no, production, table, yes } from "./matrix.test-support.ts";

const app = () => ({ type: "app" as const });
const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };

describe("policies: signing in", () => {
  // With single sign-on only, the e-mail link is the admins' break-glass, wherever they run it.
  table("auth.breakGlass", "staging", app, admins);
  table("auth.breakGlass", "production", app, admins, production);
});
