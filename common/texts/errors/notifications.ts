/**
 * Notifications and 'Send varsel til alle'. The broadcast rules shared with the dialog
 * (`domain/broadcast.ts`) name their codes; each has its message here (the `satisfies`
 * keeps the two in step), stating the limits the rules use.
 */
import { broadcastLimits } from "../../base/limits.ts";
import type { BroadcastRuleError } from "../../domain/broadcast.ts";

export const notificationsErrors = {
  notification_not_found: "Fant ikke varselet.",
  broadcast_not_found: "Fant ikke varselet.",
  // The shared broadcast rules (spec §5 Broadcast, §9: title 100, description 500).
  broadcast_required: "Type og tittel må fylles ut",
  broadcast_title_too_long: `Tittelen kan være på høyst ${broadcastLimits.titleMaxLength} tegn.`,
  broadcast_description_too_long: `Beskrivelsen kan være på høyst ${broadcastLimits.descriptionMaxLength} tegn.`,
  broadcast_extra_invalid: "Tilleggsinformasjon må være gyldig JSON",
  broadcast_extra_too_large: `Tilleggsinformasjonen kan være på høyst ${broadcastLimits.extraMaxChars} tegn.`,
  // The server's own.
  broadcast_refused: "Bare administratorer kan sende varsel til alle.",
} as const satisfies Record<BroadcastRuleError, string> & Record<string, string>;
