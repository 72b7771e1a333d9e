/**
 * Chat attachments: uploads refused by size or kind (the composer and the server give
 * the same message), and signed file links that no longer work. The catalogue holds
 * each code's message without particulars; `attachmentsErrorTexts` gives the full one
 * with the file's name, the limit or the type (domain/attachments.ts picks it).
 */
import type { AttachmentRuleError } from "../../domain/attachments.ts";

export const attachmentsErrors = {
  upload_too_large: "Filen er for stor.",
  upload_type_not_allowed: "Filtypen er ikke tillatt.",
  upload_image_unreadable: "Bildet kunne ikke leses.",
  upload_file_damaged: "Filen er skadet eller ufullstendig.",
  // Any upload (chat files, avatars): a body that holds no file, or none that can be read.
  upload_missing: "Ingen fil ble mottatt.",
  upload_malformed: "Opplastingen kunne ikke leses. Prøv igjen.",
  file_link_expired: "Lenken til filen er utløpt. Last inn samtalen på nytt.",
  file_link_invalid: "Lenken til filen er ugyldig.",
} as const satisfies Record<AttachmentRuleError, string> & Record<string, string>;

export const attachmentsErrorTexts = {
  /** `maxMB` is the effective limit as written ("10", or e.g. "5" when the brand caps lower). */
  tooLarge: (name: string, maxMB: string) => `Fil "${name}" er for stor. Maks ${maxMB}MB tillatt.`,
  typeNotAllowed: (type: string) => `Filtype "${type}" er ikke tillatt.`,
  imageUnreadable: (name: string) => `Bildet "${name}" kunne ikke leses.`,
  fileDamaged: (name: string) => `Filen "${name}" er skadet eller ufullstendig.`,
};
