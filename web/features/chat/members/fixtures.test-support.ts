/** The people of the chat lists' component tests: Kari is signed in, her colleagues in Anestesi. */
import type { Colleague } from "../../../../common/schemas/departments.ts";
import { departments, session } from "../../../test/app.tsx";

export const ids = {
  kari: "0b6f6c1e-0000-4000-8000-000000000001",
  ola: "0b6f6c1e-0000-4000-8000-000000000002",
  lars: "0b6f6c1e-0000-4000-8000-000000000003",
  sofie: "0b6f6c1e-0000-4000-8000-000000000004",
  dm: "5a1c0c2e-0000-4000-8000-000000000001",
  channel: "5a1c0c2e-0000-4000-8000-000000000002",
  otherChannel: "5a1c0c2e-0000-4000-8000-000000000003",
  department: "5a1c0c2e-0000-4000-8000-000000000004",
} as const;

export const anestesi = departments[0]!.id;

/** Kari Nordmann, signed in with the role given. */
export const kari = (role: "leader" | "staff" = "staff") =>
  session(role, { user: { ...session(role).user, id: ids.kari } });

const colleague = (userId: string, fullName: string, role: Colleague["role"] = "staff"): Colleague => ({
  userId,
  fullName,
  firstName: fullName.split(" ")[0] ?? null,
  lastName: fullName.split(" ")[1] ?? null,
  avatarUrl: null,
  role,
});

/** GET /api/departments/{Anestesi}/staff: Kari herself among them, as the server answers. */
export const staffOfAnestesi = {
  staff: [
    colleague(ids.kari, "Kari Nordmann"),
    colleague(ids.lars, "Lars Johansen", "leader"),
    colleague(ids.ola, "Ola Nordmann"),
    colleague(ids.sofie, "Sofie Berg", "leader"),
  ],
};

export const staffPath = `GET /api/departments/${anestesi}/staff`;

export const person = (userId: string, fullName: string) => ({ userId, fullName, avatarUrl: null });
