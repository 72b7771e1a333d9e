import type { Role } from "../../../../common/domain/roles.ts";

/** The seven quick-add people of 'Demo-verktøy': one click makes each in Anestesi. */
export const sampleUsers: readonly { firstName: string; lastName: string; role: Role }[] = [
  { firstName: "Anne", lastName: "Larsen", role: "staff" },
  { firstName: "Jonas", lastName: "Berg", role: "staff" },
  { firstName: "Ingeborg", lastName: "Dahl", role: "staff" },
  { firstName: "Magnus", lastName: "Haugen", role: "staff" },
  { firstName: "Silje", lastName: "Bakken", role: "staff" },
  { firstName: "Henrik", lastName: "Solberg", role: "leader" },
  { firstName: "Nora", lastName: "Lie", role: "staff" },
];
