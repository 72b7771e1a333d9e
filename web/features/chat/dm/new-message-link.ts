import { paths } from "../../../lib/paths.ts";

/** The search parameter that opens 'Velg kollega' on the DM list, so a link can start a new message. */
export const newMessageParam = "ny";

export const newMessageLink = `${paths.chat.dms}?${newMessageParam}=1`;
