import { randomBytes } from "node:crypto";

export function randomDbName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

/** The same server and credentials, another database. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
