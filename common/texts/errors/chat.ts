/**
 * Chat. The rules shared with the composer (`domain/chat-messages.ts`) name their codes;
 * each has its message here (the `satisfies` keeps the two in step). A thread or message
 * one may not see answers exactly like a missing one.
 */

import { limits } from "../../base/limits.ts";
import type { ChatRuleError } from "../../domain/chat-messages.ts";

export const chatErrors = {
  // The shared rules.
  message_empty: "Tom melding",
  message_too_long: `Meldingen er for lang. Den kan være på høyst ${limits.messageMaxLength} tegn.`,
  channel_name_required: "Kanalen må ha et navn.",
  channel_name_too_long: `Kanalnavnet kan være på høyst ${limits.channelNameMaxLength} tegn.`,
  no_members_selected: "Ingen valgt",
  members_not_in_department: "Kan bare legge til personer fra samme avdeling",
  undo_expired: `Kunne ikke angre: det er mer enn ${limits.undoDeleteMinutes} minutter siden meldingen ble slettet.`,
  reaction_not_available: "Denne reaksjonen er ikke tilgjengelig.",
  // The server's own.
  no_department: "Ingen avdeling funnet",
  thread_not_found: "Samtalen finnes ikke, eller du har ikke tilgang til den.",
  message_not_found: "Meldingen finnes ikke, eller du har ikke tilgang til den.",
  reply_not_in_thread: "Meldingen du svarer på finnes ikke i denne samtalen.",
  not_a_colleague: "Du kan bare sende direktemeldinger til kolleger i samme avdeling.",
  direct_with_self: "Du kan ikke sende direktemelding til deg selv.",
  channel_create_refused: "Bare ledere og administratorer kan opprette kanaler.",
  channel_name_taken: "Det finnes allerede en kanal med dette navnet i avdelingen.",
  add_members_refused: "Du kan ikke legge til deltakere i denne samtalen.",
  message_edit_refused: "Du kan bare redigere dine egne meldinger, og ikke slettede.",
  message_delete_refused: "Du kan bare slette dine egne meldinger.",
  message_undo_refused: "Bare den som slettet meldingen kan angre slettingen.",
  message_react_refused: "Du kan ikke reagere på en slettet melding.",
  // Urgent messages ('Haster').
  urgent_not_here: "Haster kan bare brukes i avdelingen, på vakt og i direktemeldinger.",
  urgent_no_recipients: "Ingen å nå: ingen er nevnt, og ingen er på vakt nå.",
  acknowledge_refused: "Bare de meldingen nådde kan bekrefte den.",
  urgent_overview_refused: "Bare ledere og administratorer ser oversikten over meldinger som haster.",
  // Files.
  file_not_found: "Kunne ikke laste fil",
  attachments_not_available: "Noen filer kunne ikke sendes med meldingen. Last dem opp på nytt.",
} as const satisfies Record<ChatRuleError, string> & Record<string, string>;
