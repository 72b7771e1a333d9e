/**
 * Shift swaps (spec §8 Swaps; decisions.md § Swaps). The create dialog's rules answer
 * 422 with the texts the dialog shows; an offer or deal one may not see answers exactly
 * like a missing one. `swap_ineligible` carries the reason itself as its message
 * (`ui.swaps.blocked`), e.g. 'Kari Nordmann: Mindre enn 11 timer hvile etter vakt …'.
 */
import { swapLimits } from "../../base/limits.ts";

export const swapsErrors = {
  // The create dialog's rules (spec §5 Create swap offer).
  swap_required_fields: "Tittel, start- og sluttdato må fylles ut",
  swap_end_not_after_start: "Sluttid må være etter starttid",
  swap_shift_too_long: `En vakt kan vare høyst ${swapLimits.describedShiftMaxDays} dager.`,
  swap_wish_dates: "Ønsket periode må slutte samme dag som eller etter at den begynner.",
  swap_dept_required: "Avdeling må velges",
  swap_automatch_off: "Automatisk matching er ikke aktivert.",
  // Spec §5 Propose swap: 'Manglende informasjon / Velg en vakt å bytte med.'
  swap_assignment_required: "Velg en vakt å bytte med.",
  swap_giveaway_takes_no_shift: "Denne vakten gis bort. Du trenger ikke gi en vakt tilbake.",
  // The server's own.
  swap_offer_not_found: "Tilbudet finnes ikke, eller du har ikke tilgang til det.",
  swap_deal_not_found: "Vaktbyttet finnes ikke, eller du har ikke tilgang til det.",
  swap_assignment_not_found: "Vakten finnes ikke blant dine kommende vakter.",
  swap_shift_started: "Vakten har allerede startet.",
  swap_offer_exists: "Du har allerede et åpent tilbud på denne vakten.",
  swap_offer_not_open: "Tilbudet er ikke åpent lenger.",
  swap_deal_exists: "Du har allerede et forslag som venter på dette tilbudet.",
  swap_deal_decided: "Vaktbyttet er allerede avgjort.",
  swap_assignment_changed: "En av vaktene har fått ny innehaver siden forslaget ble sendt.",
  swap_own_deal: "Du kan ikke godkjenne et vaktbytte du selv er part i.",
  swap_ineligible: "Vaktbyttet ville gitt overlappende vakter eller for kort hvile.",
} as const;
