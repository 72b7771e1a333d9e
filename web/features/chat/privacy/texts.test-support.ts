/** Drafts of each level, for the privacy tests. */
import { nationalId } from "../../../../common/test/privacy-corpus.ts";

/** A valid national identity number (fake: computed, like real ones, to pass both control digits). */
export const idNumber = nationalId("150385", 400);

export const drafts = {
  high: `Pasienten har fnr ${idNumber}`,
  medium: "Send det til kari.nordmann@gmail.com",
  low: "Han har diabetes og får insulin",
  clean: "Vakt 07:30–15:00, rom 412",
} as const;
