/**
 * The access log ('Tilgangslogg', issue 30): what an admin or leader did with another
 * person's data. Only ids and these actions are kept, never message text.
 */
export const accessActions = [
  "record.view",
  "record.edit",
  "record.export",
  "avatar.change",
  "audit.view",
  "demo.signin",
] as const;
export type AccessAction = (typeof accessActions)[number];
