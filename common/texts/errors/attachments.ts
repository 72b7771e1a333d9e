/**
 * Chat attachments: uploads refused by size or kind (the composer and the server give
 * the same message), and signed file links that no longer work. The catalogue holds
 * each code's message without particulars; `attachmentRefusalMessage` gives the full
 * one with the file's name, the limit or the type.
 */
import type { AttachmentRefusal, AttachmentRuleError } from "../../domain/attachments.ts";

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

const attachmentsErrorTexts = {
  /** `maxMB` is the effective limit as written ("10", or e.g. "5" when the brand caps lower). */
  tooLarge: (name: string, maxMB: string) => `Fil "${name}" er for stor. Maks ${maxMB}MB tillatt.`,
  typeNotAllowed: (type: string) => `Filtype "${type}" er ikke tillatt.`,
  imageUnreadable: (name: string) => `Bildet "${name}" kunne ikke leses.`,
  fileDamaged: (name: string) => `Filen "${name}" er skadet eller ufullstendig.`,
};

/** 10 → "10", 2.5 → "2,5" (Norwegian decimal comma). */
const formatMB = (mb: number) => String(Math.round(mb * 10) / 10).replace(".", ",");

/**
 * The Norwegian message of a refusal. 'Fil "{name}" er for stor. Maks 10MB tillatt.'
 * names the effective limit, so it says 10 by default and the brand's cap when an
 * operator set a lower one: the message must never promise more than is allowed.
 */
export function attachmentRefusalMessage(refusal: AttachmentRefusal): string {
  switch (refusal.code) {
    case "upload_too_large":
      return attachmentsErrorTexts.tooLarge(refusal.params.name, formatMB(refusal.params.maxMB));
    case "upload_type_not_allowed":
      return attachmentsErrorTexts.typeNotAllowed(refusal.params.type);
    case "upload_image_unreadable":
      return attachmentsErrorTexts.imageUnreadable(refusal.params.name);
    case "upload_file_damaged":
      return attachmentsErrorTexts.fileDamaged(refusal.params.name);
  }
}
