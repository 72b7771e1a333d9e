/** The chat's words that the shared rules produce or name: presence, dividers, replies, emoji, privacy. */
import type { EmojiCategoryId } from "../../domain/chat-messages.ts";
import type { PresenceStatus } from "../../domain/presence.ts";
import type { PrivacyKind } from "../../domain/privacy.ts";

export const chatTexts = {
  chat: {
    // decisions.md § Chat: 'Presence texts'.
    presence: {
      online: "Pålogget",
      away: "Borte",
      offline: "Offline",
    } satisfies Record<PresenceStatus, string>,
    dateDivider: { today: "I dag", yesterday: "I går" },
    // The title of a link whose text held bidirectional control characters (common/domain/bidi.ts).
    hiddenDirectionLink:
      "Lenken inneholder skjulte retningstegn og kan vise en annen adresse enn den går til",
    replyPreview: {
      // The spec's placeholder for a deleted message, also when a reply quotes one (decisions.md § Chat).
      deleted: "Denne meldingen ble slettet",
      // A quoted message that has files but no text.
      attachmentsOnly: "Vedlegg",
    },
    emojiCategories: {
      popular: "Populære",
      smileys: "Smilefjes",
      gestures: "Gester",
      hearts: "Hjerter",
      objects: "Objekter",
    } satisfies Record<EmojiCategoryId, string>,
  },
  // The thread view: department, shift, direct and channel threads (spec §2, §8).
  thread: {
    department: {
      loading: "Laster avdelingschat...",
      failed: "Kunne ikke laste avdelingschat",
      placeholder: "Skriv til avdelingen...",
    },
    shift: {
      loading: "Laster vakt-chat...",
      failed: "Kunne ikke laste vakt-chat",
      placeholder: "Skriv til vakten...",
    },
    direct: {
      loading: "Laster samtale...",
      failed: "Kunne ikke laste samtalen",
      notFound: "Samtale ikke funnet",
      notFoundBody: "Denne samtalen eksisterer ikke eller du har ikke tilgang",
      placeholder: (name: string) => `Send melding til ${name}...`,
      /** the phone's way back from a conversation to the list */
      back: "Tilbake til direktemeldinger",
    },
    channel: {
      loading: "Laster kanal...",
      failed: "Kunne ikke laste kanalen",
      notFound: "Kanal ikke funnet",
      notFoundBody: "Denne kanalen eksisterer ikke eller du har ikke tilgang",
      shiftBadge: "Vakt-tråd",
      // The spec's online count in the channel header: how many of its members are online.
      online: (n: number) => `${n} pålogget`,
      placeholder: (name: string) => `Skriv i #${name}...`,
      joinToWrite: "Bli med i kanalen for å skrive her.",
      back: "Tilbake til kanaler",
    },
    readOnly: "Du kan lese, men ikke skrive i denne samtalen.",
    /** the department's retention ('Oppbevaring') where it deletes here; the spec's text */
    retention: {
      messages: (n: number) => `Meldinger eldre enn ${n} ${n === 1 ? "dag" : "dager"} slettes automatisk`,
      attachments: (n: number) => `Vedlegg eldre enn ${n} ${n === 1 ? "dag" : "dager"} slettes automatisk`,
    },
    empty: "Ingen meldinger ennå. Vær den første til å skrive noe!",
    messagesLabel: "Meldinger",
    unknownAuthor: "Ukjent bruker",
    edited: "(redigert)",
    deleted: "Denne meldingen ble slettet",
    loadingOlder: "Laster eldre meldinger...",
    olderFailed: "Kunne ikke laste eldre meldinger",
    scrollToBottom: "Til nyeste melding",
    newMessageFrom: (name: string, text: string) => `Ny melding fra ${name}: ${text}`,
    sending: "Sender...",
    // A quiet notice over the thread while the connection is gone (browser offline or realtime down).
    connectionLost: "Ingen forbindelse. Nye meldinger vises når forbindelsen er tilbake.",
    composer: {
      label: "Melding",
      send: "Send",
      tooLong: (count: number, max: number) => `${count} av ${max} tegn`,
    },
    reply: {
      action: "Svar",
      replyingTo: (name: string) => `Svarer ${name}`,
      cancel: "Avbryt svar",
      quoteLabel: (name: string) => `Svar på melding fra ${name}. Gå til meldingen`,
    },
    actions: {
      label: "Handlinger for meldingen",
      edit: "Rediger",
      delete: "Slett",
      undo: "Angre",
      react: "Legg til reaksjon",
      moreEmoji: "Flere emojier",
    },
    edit: {
      label: "Rediger melding",
      save: "Lagre",
      cancel: "Avbryt",
      hint: "Enter lagrer, Escape avbryter",
    },
    reactions: {
      pickerLabel: "Velg reaksjon",
      react: (emoji: string) => `Reager med ${emoji}`,
      summary: (emoji: string, names: string) => `${emoji} fra ${names}`,
    },
    // Files in the composer and in messages (flag chatAttachments).
    attachments: {
      attach: "Legg ved fil",
      dropHint: "Slipp filene for å legge dem ved",
      pendingLabel: "Filer som legges ved",
      uploading: "Laster opp…",
      uploadProgress: (name: string) => `Laster opp ${name}`,
      uploaded: "Klar til sending",
      // The spec's texts: the toast of a failed upload and the reason sending is blocked.
      uploadFailed: "Opplastingsfeil",
      uploadFailedBody: "Opplasting feilet. Prøv igjen.",
      someFailed: "Noen filer kunne ikke lastes opp. Fjern dem eller prøv igjen.",
      waitForUploads: "Vent til filene er lastet opp.",
      tooMany: (max: number) => `Maks ${max} filer per melding.`,
      retry: "Prøv igjen",
      remove: "Fjern",
      removeName: (name: string) => `Fjern ${name}`,
      download: "Last ned",
      downloadName: (name: string) => `Last ned ${name}`,
      openImage: (name: string) => `Åpne bilde ${name}`,
      loadFailed: "Kunne ikke laste fil",
      listLabel: "Vedlegg",
      lightbox: {
        Lightbox: "Bildevisning",
        "Photo gallery": "Bilder",
        Carousel: "bildekarusell",
        Slide: "bilde",
        "{index} of {total}": "{index} av {total}",
        Previous: "Forrige bilde",
        Next: "Neste bilde",
        Close: "Lukk",
        "Zoom in": "Zoom inn",
        "Zoom out": "Zoom ut",
      },
    },
    toasts: {
      edited: "Melding oppdatert",
      editedBody: "Meldingen ble redigert",
      deleted: "Meldingen ble slettet",
      undone: "Sletting angret",
      undoneBody: "Meldingen ble gjenopprettet",
      editFailed: "Kunne ikke redigere",
      deleteFailed: "Kunne ikke slette",
      undoFailed: "Kunne ikke angre",
      sendFailed: "Feil ved sending",
      sendFailedBody: "Kunne ikke sende melding. Prøv igjen.",
      reactionFailed: "Kunne ikke legge til reaksjon. Prøv igjen.",
    },
  },
  // The privacy warning while writing and editing, and the dialog before sending a high-confidence draft.
  privacy: {
    // The spec's three warnings, word for word.
    high: "ADVARSEL: Kan inneholde sensitive personopplysninger... Ikke send!",
    medium: "Mulige personopplysninger oppdaget... Vær forsiktig!",
    low: "Sjekk om meldingen inneholder personopplysninger",
    dialog: {
      title: "Mulige personopplysninger",
      // `kinds` is the list of what was found, already joined: "fødselsnummer og e-postadresse".
      body: (kinds: string) =>
        `Meldingen ser ut til å inneholde ${kinds}. Personopplysninger om pasienter skal ikke deles i chatten.`,
      edit: "Rediger",
      sendAnyway: "Send likevel",
    },
    kinds: {
      nationalId: "fødselsnummer",
      cardNumber: "kortnummer",
      accountNumber: "kontonummer",
      phone: "telefonnummer",
      email: "e-postadresse",
      address: "adresse",
      names: "navn",
      medicalTerms: "medisinske opplysninger",
    } satisfies Record<PrivacyKind, string>,
  },
} as const;
