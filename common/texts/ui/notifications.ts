/**
 * The notification bell and 'Send varsel til alle' (spec §2 Notifications, §4, §5
 * Broadcast, §8). The spec's own words are copied exactly; the texts per notification
 * type follow their tone. A shift is named as its card names it ('«Dagvakt» lør. 05.12 ·
 * 07:00–15:00').
 */
import type { BroadcastType } from "../../domain/broadcast.ts";
import type { NotificationType } from "../../domain/notifications.ts";

/** urgent messages' notices have their texts in ui/urgent.ts */
type ShiftNotificationType = Exclude<
  NotificationType,
  BroadcastType | "urgent_message" | "urgent_unacknowledged"
>;

export const notificationsTexts = {
  notifications: {
    title: "Varsler",
    /** the bell's name, with the count its badge shows as '9+' */
    bell: (unread: number) =>
      unread === 0 ? "Varsler" : `Varsler, ${unread === 1 ? "1 ulest varsel" : `${unread} uleste varsler`}`,
    unreadMark: "Ulest",
    justNow: "nå nettopp",
    markAllRead: "Merk alle som lest",
    markRead: "Merk som lest",
    markReadFailed: "Kunne ikke markere varsler som lest",
    loading: "Laster varsler...",
    failed: "Kunne ikke laste varsler",
    // The retry's name says what it retries: a page may show another list's 'Prøv igjen'.
    retry: "Prøv igjen å laste varsler",
    empty: "Ingen varsler",
    emptyBody: "Her kommer varsler om ekstravakter, vaktbytter og beskjeder til alle.",
    interested: "Jeg er interessert",
    interestSending: "Registrerer...",
    interestRegistered: "Interesse registrert",
    interestRegisteredBody: "Din interesse er registrert for ekstravakten",
    interestFailed: "Kunne ikke registrere interesse",
    openOutcome: "Se tildeling",
    openSwaps: "Gå til vaktbytte",
    /** a new notice's toast (quiet off shift raises none: common/domain/quiet.ts) */
    newNotice: "Nytt varsel",
    newNoticeBody: "Se varslene dine i bjella.",
    /** the header's mark while ordinary toasts and sounds are off */
    quiet: "Stille – du er ikke på vakt",
    /** `when` as the shift cards write it: 'lør. 05.12 · 07:00–15:00' */
    shift: (title: string, when: string) => `«${title}» ${when}`,
    headings: {
      shift_published: "Ny ekstravakt",
      shift_won: "Du fikk vakten",
      shift_awarded: "Vakt tildelt",
      shift_awarded_other: "Du fikk ikke vakten",
      shift_assigned_winner: "Du fikk vakten",
      shift_assigned_closed: "Vakten er tildelt",
      swap_matched_proposed: "Forslag til vaktbytte",
      swap_ready_for_leader: "Vaktbytte venter på godkjenning",
      swap_approved: "Vaktbytte godkjent",
      swap_rejected: "Vaktbytte avslått",
      swap_declined: "Forslaget ble avslått",
      swap_withdrawn: "Forslaget ble trukket tilbake",
      swap_cancelled: "Tilbudet ble kansellert",
      swap_closed: "Vaktbyttet ble avsluttet",
    } satisfies Record<ShiftNotificationType, string>,
    /** `shift` is the shift as `shift(title, start)` names it */
    texts: {
      shift_published: (shift: string) => `${shift} er lagt ut. Meld interesse hvis du kan ta vakten.`,
      shift_won: (shift: string) => `Du fikk ${shift}.`,
      shift_awarded: (shift: string) => `${shift} er tildelt deg.`,
      shift_awarded_other: (shift: string) => `${shift} ble tildelt en annen.`,
      shift_assigned_winner: (shift: string) => `Du ble tildelt ${shift} ved automatisk tildeling.`,
      shift_assigned_closed: (shift: string) =>
        `${shift} ble tildelt en annen. Se hvordan tildelingen ble gjort.`,
      swap_matched_proposed: (shift: string) => `Noen vil bytte eller overta ${shift}. Svar under Vaktbytte.`,
      swap_ready_for_leader: (shift: string) => `Et vaktbytte av ${shift} venter på godkjenning.`,
      swap_approved: (shift: string) => `Vaktbyttet av ${shift} er godkjent.`,
      swap_rejected: (shift: string) => `Vaktbyttet av ${shift} ble avslått.`,
      swap_declined: (shift: string) => `Forslaget ditt om ${shift} ble avslått av eieren.`,
      swap_withdrawn: (shift: string) => `Forslaget om ${shift} ble trukket tilbake.`,
      swap_cancelled: (shift: string) => `Tilbudet om ${shift} ble kansellert av eieren.`,
      swap_closed: (shift: string) => `${shift} har startet, så vaktbyttet ble ikke noe av.`,
    } satisfies Record<ShiftNotificationType, (shift: string) => string>,
    /** 'Ny ekstravakt' once answered, assigned or closed: no longer a call to 'Meld interesse' */
    publishedSettled: (shift: string) => `${shift} ble lagt ut.`,
    /** what kind of broadcast an item is, above its own title */
    broadcastKinds: {
      announcement: "Kunngjøring",
      maintenance: "Vedlikehold",
      update: "Oppdatering",
      alert: "Viktig varsel",
      info: "Informasjon",
    } satisfies Record<BroadcastType, string>,
  },
  broadcast: {
    open: "Send varsel til alle",
    title: "Send varsel til alle",
    description: "Varselet kommer i bjella til alle aktive brukere unntatt deg.",
    type: "Type",
    typePlaceholder: "Velg type",
    heading: "Tittel",
    headingPlaceholder: "f.eks. Planlagt nedetid i kveld",
    body: "Beskrivelse (valgfritt)",
    extra: "Tilleggsinformasjon (JSON)",
    extraHint: 'Valgfritt. Et JSON-objekt, f.eks. {"avdeling": "Post 1"}',
    /** the disclosure that holds 'Tilleggsinformasjon' */
    advanced: "Avansert",
    /** characters used of the limit, under a field */
    counter: (used: number, max: number) => `${used}/${max} tegn`,
    submit: "Send varsel",
    sending: "Sender...",
    cancel: "Avbryt",
    sent: "Varsel sendt",
    sentTo: (count: number) => `Varsel sendt til ${count} brukere`,
    /** 'Sendte varsler' on the Ansatte page (issue 26 item 4) */
    sentTitle: "Sendte varsler",
    sentEmpty: "Ingen varsler er sendt ennå.",
    sentFailed: "Kunne ikke laste sendte varsler",
    seen: (n: number, m: number) => `Sett av ${n} av ${m}`,
    sentBy: (name: string) => `Sendt av ${name}`,
    readers: "Hvem har sett det",
    readList: "Har sett",
    unreadList: "Har ikke sett",
    readersFailed: "Kunne ikke laste hvem som har sett varselet",
    nobody: "Ingen",
    failed: "Kunne ikke sende varsel",
    // The toasts' titles; their text is the rule's message ('Type og tittel må fylles ut',
    // 'Tilleggsinformasjon må være gyldig JSON', errors/notifications.ts).
    requiredTitle: "Fyll ut påkrevde felter",
    invalidJsonTitle: "Ugyldig JSON",
  },
} as const;
